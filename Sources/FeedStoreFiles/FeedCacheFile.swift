import FeedCore

/// The feed file: a header line `essential-feed-cache 1 <saved> <length>
/// <checksum>` (the save time as seconds.nanoseconds since 1970, the
/// document's length and its checksum), then the document's bytes. A torn,
/// truncated or garbage file is a retrieval error, never a wrong feed.
enum FeedCacheFile {
    static let name = "feed"
    static let magic = "essential-feed-cache"
    static let version = "1"

    static func header(for feed: CachedFeed) -> [UInt8] {
        let checksum = feed.document.withUnsafeBytes { CacheChecksum.hex(CacheChecksum.of($0)) }
        return Array("\(magic) \(version) \(feed.timestamp) \(feed.document.count) \(checksum)\n".utf8)
    }

    /// The feed in `file` (the whole file's bytes), its document lent in place.
    static func decode(_ file: CachedBytes, path: String) throws -> CachedFeed {
        func corrupt(_ why: String) -> StoreError { StoreError(.retrieval, "\(path) is corrupt (\(why))") }
        let (start, timestamp) = try file.withUnsafeBytes { (bytes) throws(StoreError) -> (Int, Timestamp) in
            guard let newline = bytes.prefix(256).firstIndex(of: 0x0A) else { throw corrupt("no header") }
            // Exactly as `header(for:)` writes it: one space apart, numbers in their one spelling.
            let fields = String(decoding: bytes[..<newline], as: UTF8.self)
                .split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, fields[0] == magic else { throw corrupt("not a feed cache file") }
            guard fields[1] == version else { throw corrupt("unknown format version \(fields[1])") }
            guard let timestamp = Timestamp(fields[2]), timestamp.description == fields[2] else { throw corrupt("bad timestamp") }
            guard let length = Int(fields[3]), length >= 0, String(length) == fields[3] else { throw corrupt("bad length") }
            let document = UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...])
            guard document.count == length else { throw corrupt("\(document.count) bytes where \(length) were written") }
            guard CacheChecksum.hex(CacheChecksum.of(document)) == fields[4] else { throw corrupt("checksum mismatch") }
            return (newline + 1, timestamp)
        }
        return CachedFeed(document: file.dropFirst(start), timestamp: timestamp)
    }
}
