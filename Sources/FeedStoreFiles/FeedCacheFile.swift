import FeedCore

/// The feed file, format 3: a header of exactly `headerSize` bytes (4096), the line
/// `essential-feed-cache 3 <saved> <length> <checksum>` padded with spaces
/// (the save time as seconds.nanoseconds since 1970, the document's length,
/// the checksum of all that follows the header); then the document's bytes;
/// then the validators of the response the feed came from, as one JSON line
/// (`{}` for none). The header has one size whatever it holds, so a large
/// document can be written to its place while it is still being checked and
/// the header put in front of it last (`StreamedFeedFile`).
///
/// Formats 1 and 2 are still read (`FeedCacheFile+Decode`): their header
/// line is as long as its fields, format 2's validators line follows it and
/// the document runs to the end; format 1 has no validators.
/// A torn, truncated or garbage file is a retrieval error, never a wrong feed.
enum FeedCacheFile {
    static let name = "feed"
    static let magic = "essential-feed-cache"
    static let version = "3"
    /// The formats before the header had one size: 2 (validators first), 1 (none).
    static let versionValidatorsFirst = "2"
    static let versionWithoutValidators = "1"
    /// The header's size, its line break included: one block of the disk, so
    /// that the document starts on one (`StreamedFeedWrites` writes it
    /// straight from memory to the disk, which needs that).
    static let headerSize = 4096

    /// The whole file: the header, the document, the validators line.
    static func parts(for feed: CachedFeed) -> [any FileBytes] {
        let validators = validatorsLine(feed.validators)
        var checksum = CacheChecksum()
        feed.document.withUnsafeBytes { checksum.add($0) }
        validators.withUnsafeBytes { checksum.add($0) }
        return [header(saved: feed.timestamp, documentLength: feed.document.count, checksum: checksum.sum),
                feed.document, validators]
    }

    /// The header: its line, padded with spaces to `headerSize`.
    static func header(saved: Timestamp, documentLength: Int, checksum: UInt64) -> [UInt8] {
        var line = Array("\(magic) \(version) \(saved) \(documentLength) \(CacheChecksum.hex(checksum))".utf8)
        line += repeatElement(0x20, count: max(0, headerSize - 1 - line.count))
        line.append(0x0A)
        return line
    }

    /// The validators as their line: compact JSON, `{}` for none.
    static func validatorsLine(_ validators: FeedValidators?) -> [UInt8] {
        JSONWriter().line(validators?.json ?? .object(JSONObject()))
    }
}
