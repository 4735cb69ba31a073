#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystemFeedStore {
    /// `load`'s way in: the feed file mapped into memory, its header and
    /// checksum checked in place, and the document lent to `body` without a
    /// copy, so a large feed goes from the page cache to stdout untouched.
    public func withCachedFeed<T>(_ body: (CachedFeedView) throws -> T) throws -> T? {
        guard let directory = try CacheDirectory.open(path, create: false, kind: .retrieval) else { return nil }
        let name = FileSystemFeedStore.feedName
        guard let (file, size) = try directory.openRegularFile(name) else { return nil }
        defer { close(file) }
        guard size > 0 else { throw StoreError(.retrieval, "\(path)/\(name) is corrupt (no header)") }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, file, 0), mapping != MAP_FAILED else {
            throw StoreError(.retrieval, "\(path)/\(name): \(CacheDirectory.reason())")
        }
        defer { munmap(mapping, size) }
        let bytes = UnsafeRawBufferPointer(start: mapping, count: size)
        let view = try FileSystemFeedStore.decodeFeed(view: bytes, path: "\(path)/\(name)")
        return try body(view)
    }

    /// Checks a feed file's header, length and checksum; the document in place.
    static func decodeFeed(view bytes: UnsafeRawBufferPointer, path: String) throws -> CachedFeedView {
        func corrupt(_ why: String) -> StoreError { StoreError(.retrieval, "\(path) is corrupt (\(why))") }
        guard let newline = bytes.prefix(256).firstIndex(of: 0x0A) else { throw corrupt("no header") }
        let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        guard fields.count == 5, fields[0] == feedMagic else { throw corrupt("not a feed cache file") }
        guard fields[1] == formatVersion else { throw corrupt("unknown format version \(fields[1])") }
        guard let timestamp = Timestamp(fields[2]) else { throw corrupt("bad timestamp") }
        guard let length = Int(fields[3]), length >= 0 else { throw corrupt("bad length") }
        let document = UnsafeRawBufferPointer(rebasing: bytes[(newline + 1)...])
        guard document.count == length else { throw corrupt("\(document.count) bytes where \(length) were written") }
        guard CacheChecksum.hex(CacheChecksum.of(document)) == fields[4] else { throw corrupt("checksum mismatch") }
        return CachedFeedView(document: document, timestamp: timestamp)
    }
}
