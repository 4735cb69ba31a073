import XCTest
import FeedCore
import FeedPresentation

/// The feed page's sniffer: an image's type from its first bytes, never from
/// its URL; anything else is no image.
final class ImageMediaTypeTests: XCTestCase {
    func test_sniffing_knowsEachTypeByItsMagicNumber() {
        let cases: [(bytes: [UInt8], type: ImageMediaType)] = [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], .png),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8), .jpeg),
            ([0xFF, 0xD8, 0xFF], .jpeg),
            (Array("GIF87a".utf8) + [1, 0, 1, 0], .gif),
            (Array("GIF89a".utf8), .gif),
            (Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
        ]
        for (bytes, type) in cases {
            XCTAssertEqual(ImageMediaType(sniffing: bytes), type, "\(bytes.prefix(12))")
        }
    }

    func test_sniffing_findsNoImageInAnythingElse() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("text", Array("not an image".utf8)),
            ("SVG", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)),
            ("HTML", Array("<!DOCTYPE html><script>alert(1)</script>".utf8)),
            ("PNG cut short", Array(png.dropLast())),
            ("PNG's magic, one byte wrong", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0B]),
            ("JPEG cut short", [0xFF, 0xD8]),
            ("GIF of another version", Array("GIF88a".utf8)),
            ("RIFF of another form (WAVE)", Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)),
            ("RIFF cut short", Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEB".utf8)),
            ("WEBP without RIFF", Array("RIFX".utf8) + [0x24, 0, 0, 0] + Array("WEBP".utf8)),
            ("the magic later on", [0] + png),
        ]
        for (name, bytes) in cases {
            XCTAssertNil(ImageMediaType(sniffing: bytes), name)
        }
    }

    func test_mediaTypes_areTheRegisteredNames() {
        XCTAssertEqual(ImageMediaType.allCases.map(\.rawValue), ["image/png", "image/jpeg", "image/gif", "image/webp"])
    }
}
