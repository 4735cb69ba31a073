import FeedPlatform

/// Standard output or error: every write whole, straight to the descriptor
/// (no buffering, so stdout and stderr never interleave out of order).
final class FileDescriptorSink: ByteSink {
    let fd: Int32
    let isTerminal: Bool

    init(_ fd: Int32) {
        self.fd = fd
        isTerminal = FileDescriptor.isTerminal(fd)
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        do {
            try FileDescriptor.writeAll(fd, bytes)
            return true
        } catch {
            return false
        }
    }
}
