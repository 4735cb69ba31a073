import FeedCore
import FeedFastPath
import FeedPlatform

/// The process's standard input: read to its end, mapped when it is a
/// regular file and the command reads in place, or read as it comes.
struct StandardInputSource: ByteSource {
    let tool: String
    let stdoutIsTerminal: Bool

    var isTerminal: Bool { FileDescriptor.isTerminal(0) }

    func read() throws(ToolError) -> [UInt8] {
        do {
            return try FileDescriptor.readAll(0)
        } catch {
            throw ToolError(.invalidData, "cannot read standard input: \(error)")
        }
    }

    func map() throws(ToolError) -> InputBytes {
        let mapped = MappedFile.map(0) {
            MappedInputFault.install(tool: tool, stdoutIsTerminal: stdoutIsTerminal)
        }
        if let mapped { return .mapped(mapped) }
        return .read(try read())
    }

    /// One read(2): what a pipe holds now, without waiting for the buffer to fill.
    func readChunk(into buffer: UnsafeMutableRawBufferPointer) throws(ToolError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let got = Glibc.read(0, base, buffer.count)
            if got >= 0 { return got }
            if errno == EAGAIN { // a non-blocking pipe: wait for it
                var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                _ = poll(&input, 1, -1)
            } else if errno != EINTR {
                throw ToolError(.invalidData, "cannot read standard input: \(SystemError.current)")
            }
        }
    }

    func awaitInput(milliseconds: Int) -> Bool {
        var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        // An error (EINTR) is left to the read that follows.
        return poll(&input, 1, Int32(clamping: max(milliseconds, 0))) != 0
    }
}
