import FeedCore

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
