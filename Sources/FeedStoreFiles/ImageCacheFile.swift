import FeedCore

/// An image file: a header line `essential-feed-image 1 <url length> <data
/// length> <checksum>`, then the URL, then the data. The checksum covers the
/// URL and the data; the URL tells two URLs with the same hash apart.
enum ImageCacheFile {
    static let magic = "essential-feed-image"
    static let version = "1"

    /// The file's name: the SHA-256 of the URL, so that no URL becomes a path.
    static func name(for url: String) -> String { SHA256.hex(Array(url.utf8)) }

    static func parts(_ data: [UInt8], url: String) -> [[UInt8]] {
        let key = Array(url.utf8)
        var checked = key
        checked.append(contentsOf: data)
        let header = "\(magic) \(version) \(key.count) \(data.count) \(CacheChecksum.hex(CacheChecksum.of(checked)))\n"
        return [Array(header.utf8), key, data]
    }

    /// The data stored for `url` in `bytes`, or nil if the file is another URL's.
    static func decode(_ bytes: [UInt8], url: String, path: String) throws -> [UInt8]? {
        func corrupt(_ why: String) -> StoreError { StoreError(.retrieval, "\(path) is corrupt (\(why))") }
        guard let newline = bytes.prefix(256).firstIndex(of: 0x0A) else { throw corrupt("no header") }
        // Exactly as `parts` writes it: one space apart, lengths in their one spelling.
        let fields = String(decoding: bytes[..<newline], as: UTF8.self)
            .split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 5, fields[0] == magic, fields[1] == version,
              let keyLength = Int(fields[2]), let dataLength = Int(fields[3]), keyLength >= 0, dataLength >= 0,
              String(keyLength) == fields[2], String(dataLength) == fields[3] else {
            throw corrupt("bad header")
        }
        let body = bytes[(newline + 1)...]
        let (written, overflow) = keyLength.addingReportingOverflow(dataLength)
        guard !overflow, body.count == written else { throw corrupt("\(body.count) bytes where \(keyLength) + \(dataLength) were written") }
        guard CacheChecksum.hex(CacheChecksum.of(Array(body))) == fields[4] else { throw corrupt("checksum mismatch") }
        // Another URL with the same hash is not this URL's data.
        guard body.prefix(keyLength).elementsEqual(url.utf8) else { return nil }
        return Array(body.dropFirst(keyLength))
    }

    /// The URL an image file was stored under, if the file is whole enough to say.
    static func storedURL(_ bytes: [UInt8]) -> String? {
        guard let newline = bytes.prefix(256).firstIndex(of: 0x0A) else { return nil }
        let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        guard fields.count == 5, fields[0] == magic, let keyLength = Int(fields[2]), keyLength >= 0,
              bytes.count - newline - 1 >= keyLength else { return nil }
        return String(decoding: bytes[(newline + 1)..<(newline + 1 + keyLength)], as: UTF8.self)
    }
}
