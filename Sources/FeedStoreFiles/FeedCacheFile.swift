import FeedCore

/// The feed file: a header line `essential-feed-cache 2 <saved> <length>
/// <checksum>` (the save time as seconds.nanoseconds since 1970, then the
/// length and checksum of all that follows), then the validators of the
/// response the feed came from as one JSON line (`{}` for none), then the
/// document's bytes. Version 1, written before validators were kept, has the
/// document alone after its header; it is still read (with no validators).
/// A torn, truncated or garbage file is a retrieval error, never a wrong feed.
enum FeedCacheFile {
    static let name = "feed"
    static let magic = "essential-feed-cache"
    static let version = "2"
    /// Files written before validators were kept: the document alone.
    static let versionWithoutValidators = "1"

    /// What comes before the document's bytes: the header line and the validators line.
    static func header(for feed: CachedFeed) -> [UInt8] {
        let validators = validatorsLine(feed.validators)
        var checksum = CacheChecksum()
        validators.withUnsafeBytes { checksum.add($0) }
        feed.document.withUnsafeBytes { checksum.add($0) }
        let length = validators.count + feed.document.count
        return Array("\(magic) \(version) \(feed.timestamp) \(length) \(CacheChecksum.hex(checksum.sum))\n".utf8) + validators
    }

    /// The validators as their line: compact JSON, `{}` for none.
    static func validatorsLine(_ validators: FeedValidators?) -> [UInt8] {
        JSONWriter().line(validators?.json ?? .object(JSONObject()))
    }

    /// The feed in `file` (the whole file's bytes), its document lent in place.
    static func decode(_ file: CachedBytes, path: String) throws -> CachedFeed {
        func corrupt(_ why: String) -> StoreError { StoreError(.retrieval, "\(path) is corrupt (\(why))") }
        let (start, timestamp, validators) = try file.withUnsafeBytes { (bytes) throws(StoreError) -> (Int, Timestamp, FeedValidators?) in
            guard let newline = bytes.prefix(256).firstIndex(of: 0x0A) else { throw corrupt("no header") }
            // Exactly as `header(for:)` writes it: one space apart, numbers in their one spelling.
            let fields = String(decoding: bytes[..<newline], as: UTF8.self)
                .split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, fields[0] == magic else { throw corrupt("not a feed cache file") }
            guard fields[1] == version || fields[1] == versionWithoutValidators else { throw corrupt("unknown format version \(fields[1])") }
            guard let timestamp = Timestamp(fields[2]), timestamp.description == fields[2] else { throw corrupt("bad timestamp") }
            guard let length = Int(fields[3]), length >= 0, String(length) == fields[3] else { throw corrupt("bad length") }
            let rest = UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...])
            guard rest.count == length else { throw corrupt("\(rest.count) bytes where \(length) were written") }
            guard CacheChecksum.hex(CacheChecksum.of(rest)) == fields[4] else { throw corrupt("checksum mismatch") }
            guard fields[1] == version else { return (newline + 1, timestamp, nil) }
            // Exactly as `validatorsLine` writes them: `{}`, or validators in their one spelling.
            guard let end = rest.firstIndex(of: 0x0A) else { throw corrupt("bad validators") }
            let line = Array(rest[...end])
            let validators = (try? JSONReader.parseSingle(line)).flatMap { FeedValidators(json: $0) }
            guard validatorsLine(validators) == line else { throw corrupt("bad validators") }
            return (newline + 1 + end + 1, timestamp, validators)
        }
        return CachedFeed(document: file.dropFirst(start), timestamp: timestamp, validators: validators)
    }
}
