/// Feed documents as feed-map writes them and the cache stores them (one
/// compact line), built as text: of an exact size, or of many items, without
/// the JSON writer's cost, which a debug build pays per value.
public enum CompactFeedDocument {
    /// `count` items, each an id and a url, in that order.
    public static func items(_ count: Int, _ item: (Int) -> (id: String, url: String)) -> [UInt8] {
        var text = #"{"items":["#
        for index in 0..<count {
            let (id, url) = item(index)
            text += (index > 0 ? "," : "") + #"{"id":"\#(id)","url":"\#(url)"}"#
        }
        return Array((text + "]}\n").utf8)
    }

    /// A document of exactly `size` bytes, its newline included: a few items,
    /// the last one's description making up the size; below the smallest
    /// such, the empty document followed by white space; below that, the
    /// empty document's first `size` bytes (no document at all).
    public static func ofExactly(_ size: Int) -> [UInt8] {
        let empty = Array(#"{"items":[]}"#.utf8) + [0x0A]
        let count = min(size / 4096 + 1, 40)
        let bare = padded(count, description: "")
        guard size >= bare.count else {
            return size >= empty.count ? empty + Array(repeating: 0x20, count: size - empty.count) : Array(empty.prefix(size))
        }
        return padded(count, description: String(repeating: "x", count: size - bare.count))
    }

    /// The id of item `index`: a UUID in capitals.
    public static func id(_ index: Int) -> String {
        let hex = String(index, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(8 - hex.count, 0)) + hex + "-AB2A-4E66-B374-51BBAC8DB086"
    }

    private static func padded(_ count: Int, description: String) -> [UInt8] {
        var text = Array(items(count) { (id($0), "https://i.example/\($0)") }.dropLast(3))
        text += Array(((count > 0 ? "," : "") + #"{"id":"\#(id(count))","description":"\#(description)","url":"https://i.example/last"}]}"#).utf8)
        return text + [0x0A]
    }
}
