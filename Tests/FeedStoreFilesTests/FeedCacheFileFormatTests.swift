import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles

/// The feed file's formats: 3 is written (a header of one size, the
/// document, the validators line), and 1, 2 and 3 are read, each exactly as
/// its writer spells it.
final class FeedCacheFileFormatTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_insert_writesFormat3_headerOfOneSizeThenDocumentThenValidators() throws {
        let cache = makeCachePath()
        let feed = CachedFeed(document: Self.document, timestamp: Timestamp(seconds: 1_795_176_000, nanoseconds: 5),
                              validators: FeedValidators(url: "https://api.example/v1/feed", etag: "\"abc\"", lastModified: nil))

        try makeSUT(cache).insert(feed, keepingImageDataFor: [])

        let file = try XCTUnwrap(cacheTestRead(cache + "/feed"))
        let line = "essential-feed-cache 3 1795176000.000000005 \(Self.document.count) " + Self.checksum(Array(file[4096...]))
        XCTAssertEqual(Array(file.prefix(4096)), Array(line.utf8) + Array(repeating: 0x20, count: 4095 - line.utf8.count) + [0x0A])
        XCTAssertEqual(Array(file[4096..<(4096 + Self.document.count)]), Self.document)
        XCTAssertEqual(Array(file[(4096 + Self.document.count)...]), Array(#"{"url":"https://api.example/v1/feed","etag":"\"abc\""}"#.utf8) + [0x0A])
        XCTAssertEqual(try makeSUT(cache).retrieve(), feed)
    }

    func test_retrieve_readsEachFormat_withItsValidators() throws {
        let validators = Array(#"{"url":"https://api.example/v1/feed","etag":"\"abc\""}"#.utf8) + [0x0A]
        let expected = FeedValidators(url: "https://api.example/v1/feed", etag: "\"abc\"", lastModified: nil)
        let saved = Timestamp(seconds: 1_795_176_000, nanoseconds: 0)
        let files: [(String, [UInt8], FeedValidators?)] = [
            ("1", Self.earlier("1", Self.document), nil),
            ("2", Self.earlier("2", validators + Self.document), expected),
            ("3", Self.current(Self.document, validators), expected),
            ("3, no validators", Self.current(Self.document, Array("{}\n".utf8)), nil),
        ]
        for (name, bytes, validators) in files {
            let cache = makeEmptyCacheDirectory()
            cacheTestWrite(bytes, to: cache + "/feed")

            XCTAssertEqual(try makeSUT(cache).retrieve(), CachedFeed(document: Self.document, timestamp: saved, validators: validators),
                           "format \(name)")
        }
    }

    func test_retrieve_failsOnAFormat3FileNotExactlyAsWritten() throws {
        let good = Self.current(Self.document, Array("{}\n".utf8))
        var cases: [(String, [UInt8])] = [
            ("padding one short", Self.current(Self.document, Array("{}\n".utf8), headerSize: 4095)),
            ("padding one long", Self.current(Self.document, Array("{}\n".utf8), headerSize: 4097)),
            ("no validators line", Self.current(Self.document, [])),
            ("two validators lines", Self.current(Self.document, Array("{}\n{}\n".utf8))),
            ("validators not as written", Self.current(Self.document, Array("{ }\n".utf8))),
            ("length past the end", Self.current(Self.document, Array("{}\n".utf8), length: Self.document.count + 3)),
            ("length short", Self.current(Self.document, Array("{}\n".utf8), length: Self.document.count - 2)),
            ("cut in the document", Array(good.prefix(4120))),
            ("cut in the header", Array(good.prefix(2000))),
            ("a byte of the document changed", good.enumerated().map { $0.offset == 4110 ? $0.element ^ 1 : $0.element }),
        ]
        var tab = good
        tab[4000] = 0x09
        cases.append(("a tab in the padding", tab))
        for (name, bytes) in cases {
            let cache = makeEmptyCacheDirectory()
            cacheTestWrite(bytes, to: cache + "/feed")

            expectRetrievalError(from: makeSUT(cache), name)
        }
    }

    // MARK: - Helpers

    private static let document = Array(#"{"items":[{"id":"0C8F2C79-D8B8-4B52-9B38-BB3A2A1E5C4A","url":"https://images.example/3.jpg"}]}"#.utf8) + [0x0A]

    private static func checksum(_ bytes: [UInt8]) -> String { CacheChecksum.hex(CacheChecksum.of(bytes)) }

    /// A format 1 or 2 file: the header line as long as its fields, then `rest`.
    private static func earlier(_ version: String, _ rest: [UInt8]) -> [UInt8] {
        Array("essential-feed-cache \(version) 1795176000.000000000 \(rest.count) \(checksum(rest))\n".utf8) + rest
    }

    /// A format 3 file, its header padded to `headerSize`.
    private static func current(_ document: [UInt8], _ validators: [UInt8], headerSize: Int = 4096, length: Int? = nil) -> [UInt8] {
        let rest = document + validators
        let line = Array("essential-feed-cache 3 1795176000.000000000 \(length ?? document.count) \(checksum(rest))".utf8)
        return line + Array(repeating: 0x20, count: headerSize - 1 - line.count) + [0x0A] + rest
    }
}
