import FeedCore
import FeedFastPath
import FeedPlatform

/// The process's standard input: read to its end, or mapped when it is a
/// regular file and the command reads in place.
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
}
