import Dispatch
import FeedCore
import FeedPlatform

/// A document written into a feed file (format 3) on a thread of its own
/// while `save` is still checking what follows. Each stretch that is final
/// goes to its place after the header and into the checksum. Where the
/// file system allows it, a stretch goes from memory straight to the disk
/// (O_DIRECT: no copy into the page cache, and the disk works while the
/// scan goes on), which needs it to start and end on a block: the header
/// fills the first block, and stretches end on one. Otherwise it is written
/// through the page cache and its write-back started. The first failure is
/// kept and stops the writes; `finish` reports it.
final class StreamedFeedWrites: @unchecked Sendable {
    let file: Int32
    private let queue = DispatchQueue(label: "essential-feed.streamed-writes")
    /// Document bytes handed to the queue so far (read and written by the
    /// scanning thread only).
    private var given = 0
    // Touched on the queue, and by the caller only after draining it.
    private var checksum = CacheChecksum()
    private var failure: SystemError?
    private var direct: Bool
    private var isOpen = true

    /// A stretch smaller than this waits for more: fewer, larger writes.
    static let stretch = 4 << 20
    /// What a write straight to the disk is aligned to (in memory and in the file).
    static let block = 4096

    init(file: Int32) {
        self.file = file
        direct = FeedCacheFile.headerSize % Self.block == 0 && FileDescriptor.setWritesDirect(file, true)
    }

    /// Hands the final bytes not given yet to the queue once they make a
    /// stretch, to the last whole block (or all of them at once, `all`).
    func give(_ final: UnsafeRawBufferPointer, all: Bool = false) {
        let end = all ? final.count : final.count & ~(Self.block - 1)
        guard end > given, all || end - given >= Self.stretch, let base = final.baseAddress else { return }
        let start = given, count = end - given, address = Int(bitPattern: base + start)
        given = end
        queue.async { [self] in
            guard failure == nil, let bytes = UnsafeRawPointer(bitPattern: address) else { return }
            write(UnsafeRawBufferPointer(start: bytes, count: count), at: start)
        }
    }

    /// Waits until nothing handed over is being written.
    func drain() { queue.sync {} }

    /// Closes the file, once; what the close said.
    func close() -> SystemError? {
        guard isOpen else { return nil }
        isOpen = false
        return FileDescriptor.close(file)
    }

    /// All given bytes void: the document starts again at its first byte.
    func void() throws(SystemError) {
        drain()
        given = 0
        checksum = CacheChecksum()
        try FileDescriptor.truncate(file, to: 0)
    }

    /// After `drain`: the document is `length` bytes (all of them given);
    /// the validators line after it, then the header in front, then the flush.
    func finish(length: Int, saved: Timestamp, validators: [UInt8], flush: Flush) throws(SystemError) {
        drain()
        if let failure { throw failure }
        guard given == length else { throw SystemError(code: EINVAL) }
        if direct { throughPageCache() }
        try FileDescriptor.writeAll(file, validators, at: FeedCacheFile.headerSize + length)
        validators.withUnsafeBytes { checksum.add($0) }
        try FileDescriptor.writeAll(file, FeedCacheFile.header(saved: saved, documentLength: length, checksum: checksum.sum), at: 0)
        try flush.file(file)
    }

    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        let position = FeedCacheFile.headerSize + offset
        do {
            if direct && !isAligned(bytes) { throughPageCache() }
            if direct {
                do {
                    try FileDescriptor.writeAll(file, bytes, at: position)
                } catch where error.code == EINVAL {
                    throughPageCache() // the file system wants another alignment: as it comes
                }
            }
            if !direct {
                try FileDescriptor.writeAll(file, bytes, at: position)
                FileDescriptor.startWriteback(file, offset: position, length: bytes.count)
            }
        } catch {
            failure = error
            return
        }
        checksum.add(bytes)
    }

    private func isAligned(_ bytes: UnsafeRawBufferPointer) -> Bool {
        Int(bitPattern: bytes.baseAddress) % Self.block == 0 && bytes.count % Self.block == 0
    }

    /// From now on every write goes through the page cache.
    private func throughPageCache() {
        direct = false
        _ = FileDescriptor.setWritesDirect(file, false)
    }
}
