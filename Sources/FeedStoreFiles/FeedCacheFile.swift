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
/// Formats 1 and 2 are still read (`decode`, below): their header
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

extension FeedCacheFile {
    /// The feed in `file` (the whole file's bytes), its document lent in
    /// place; every field exactly as the writer spells it, or the file is
    /// corrupt.
    static func decode(_ file: CachedBytes, path: String) throws -> CachedFeed {
        func corrupt(_ why: String) -> StoreError { StoreError(.retrieval, "\(path) is corrupt (\(why))") }
        let (start, count, timestamp, validators) = try file.withUnsafeBytes {
            (bytes) throws(StoreError) -> (Int, Int?, Timestamp, FeedValidators?) in
            let current = bytes.starts(with: "\(magic) \(version) ".utf8)
            guard let newline = bytes.prefix(current ? headerSize : 256).firstIndex(of: 0x0A) else { throw corrupt("no header") }
            var line = bytes[..<newline]
            // Format 3 pads its line to the header's size; in every format the fields are one space apart.
            if current {
                guard newline == headerSize - 1 else { throw corrupt("bad header") }
                while line.last == 0x20 { line = line.dropLast() }
            }
            let fields = String(decoding: line, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, fields[0] == magic else { throw corrupt("not a feed cache file") }
            guard [version, versionValidatorsFirst, versionWithoutValidators].contains(fields[1]) else {
                throw corrupt("unknown format version \(fields[1])")
            }
            guard let timestamp = Timestamp(fields[2]), timestamp.description == fields[2] else { throw corrupt("bad timestamp") }
            guard let length = Int(fields[3]), length >= 0, String(length) == fields[3] else { throw corrupt("bad length") }
            let rest = UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...])
            guard current || rest.count == length else { throw corrupt("\(rest.count) bytes where \(length) were written") }
            guard rest.count > length || !current else { throw corrupt("\(rest.count) bytes where more than \(length) were written") }
            guard CacheChecksum.hex(CacheChecksum.of(rest)) == fields[4] else { throw corrupt("checksum mismatch") }
            switch fields[1] {
            case versionWithoutValidators:
                return (newline + 1, nil, timestamp, nil)
            case versionValidatorsFirst:
                guard let end = rest.firstIndex(of: 0x0A) else { throw corrupt("bad validators") }
                let validators = try validatorsRead(from: rest[...end], corrupt)
                return (newline + 1 + end + 1, nil, timestamp, validators)
            default:
                let validators = try validatorsRead(from: rest[length...], corrupt)
                return (newline + 1, length, timestamp, validators)
            }
        }
        let document = file.dropFirst(start)
        return CachedFeed(document: count.map { document.prefix($0) } ?? document, timestamp: timestamp, validators: validators)
    }

    /// The validators line, exactly as `validatorsLine` writes it: `{}`, or
    /// validators in their one spelling, and its line break.
    private static func validatorsRead(from bytes: Slice<UnsafeRawBufferPointer>,
                                       _ corrupt: (String) -> StoreError) throws(StoreError) -> FeedValidators? {
        let line = Array(bytes)
        let validators = (try? JSONReader.parseSingle(line)).flatMap { FeedValidators(json: $0) }
        guard validatorsLine(validators) == line else { throw corrupt("bad validators") }
        return validators
    }
}
