import Foundation
import FeedCore

/// Image data of each kind the feed page embeds (only their first bytes
/// matter to it), and feed documents to cache.
enum PageFixture {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8)
    static let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0]
    static let webp: [UInt8] = Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WEBPVP8L".utf8)

    /// A feed document line of `items` (JSON objects' text).
    static func document(_ items: [String]) -> [UInt8] {
        Array((#"{"items":["# + items.joined(separator: ",") + "]}\n").utf8)
    }

    /// An item with a fresh id.
    static func item(url: String, description: String? = nil, location: String? = nil) -> String {
        var members = [#""id":"\#(UUID().uuidString)""#]
        if let description { members.append(#""description":\#(quoted(description))"#) }
        if let location { members.append(#""location":\#(quoted(location))"#) }
        members.append(#""url":\#(quoted(url))"#)
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A JSON string of `text`, as the toolset writes it.
    static func quoted(_ text: String) -> String {
        String(decoding: JSONWriter().line(.string(text)).dropLast(), as: UTF8.self)
    }
}
