import Dispatch
import FeedCore
import FeedPlatform

/// A document written into a feed file (format 3) on a thread of its own
/// while `save` is still checking what follows: each stretch that is final
/// is written to its place after the header, added to the checksum, and its
/// write-back started, so that the flush at the end has little left to wait
/// for. The first failure is kept and stops the writes; `finish` reports it.
final class StreamedFeedWrites: @unchecked Sendable {
    let file: Int32
    private let queue = DispatchQueue(label: "essential-feed.streamed-writes")
    /// Document bytes handed to the queue so far (read and written by the
    /// scanning thread only).
    private var given = 0
    // Touched on the queue, and by the caller only after draining it.
    private var checksum = CacheChecksum()
    private var failure: SystemError?
    private var isOpen = true

    /// A stretch smaller than this waits for more: fewer, larger writes.
    static let stretch = 4 << 20

    init(file: Int32) {
        self.file = file
    }

    /// Hands `final[given...]` to the queue once it is a stretch long (or at once, `all`).
    func give(_ final: UnsafeRawBufferPointer, all: Bool = false) {
        guard final.count > given, all || final.count - given >= Self.stretch, let base = final.baseAddress else { return }
        let start = given, count = final.count - given, address = Int(bitPattern: base + start)
        given = final.count
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
        try FileDescriptor.writeAll(file, validators, at: FeedCacheFile.headerSize + length)
        validators.withUnsafeBytes { checksum.add($0) }
        try FileDescriptor.writeAll(file, FeedCacheFile.header(saved: saved, documentLength: length, checksum: checksum.sum), at: 0)
        try flush.file(file)
    }

    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        do {
            try FileDescriptor.writeAll(file, bytes, at: FeedCacheFile.headerSize + offset)
        } catch {
            failure = error
            return
        }
        checksum.add(bytes)
        FileDescriptor.startWriteback(file, offset: FeedCacheFile.headerSize + offset, length: bytes.count)
    }
}
