import FeedCore
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
        if let mapped {
            MappedInputFault.watch(mapped)
            return .mapped(mapped)
        }
        return .read(try read())
    }

    /// One read(2): what a pipe holds now, without waiting for the buffer to fill.
    func readChunk(into buffer: UnsafeMutableRawBufferPointer) throws(ToolError) -> Int {
        while true {
            do {
                return try FileDescriptor.readSome(0, into: buffer)
            } catch where error.code == EAGAIN { // a non-blocking pipe: wait for it
                _ = try? FileDescriptor.poll(0, for: Int16(POLLIN), milliseconds: -1)
            } catch {
                throw ToolError(.invalidData, "cannot read standard input: \(error)")
            }
        }
    }

    func awaitInput(milliseconds: Int) -> Bool {
        // A signal, or a failure of poll itself, is left to the read that follows.
        let events = (try? FileDescriptor.poll(0, for: Int16(POLLIN), milliseconds: Int32(clamping: max(milliseconds, 0)))) ?? -1
        return events != 0
    }
}
