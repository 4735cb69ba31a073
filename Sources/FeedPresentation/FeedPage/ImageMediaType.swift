import FeedCore

/// The kinds of image a feed page embeds, told apart by the magic numbers
/// their data starts with, never by the URL or a header: PNG, JPEG, GIF
/// (87a and 89a) and WebP (a RIFF file of form `WEBP`).
public enum ImageMediaType: String, CaseIterable, Sendable {
    case png = "image/png"
    case jpeg = "image/jpeg"
    case gif = "image/gif"
    case webp = "image/webp"

    /// The type `bytes` start like, or nil for anything else (text, an
    /// empty body, an SVG: none of them is embedded).
    public init?(sniffing bytes: [UInt8]) {
        func starts(with magic: String, at offset: Int = 0) -> Bool {
            let magic = Array(magic.utf8)
            return bytes.count >= offset + magic.count && bytes[offset..<(offset + magic.count)].elementsEqual(magic)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: "GIF87a") || starts(with: "GIF89a") {
            self = .gif
        } else if starts(with: "RIFF") && starts(with: "WEBP", at: 8) {
            self = .webp
        } else {
            return nil
        }
    }
}
