import FeedCore
import FeedCommands

/// Standard input in memory: the given bytes, or a terminal (nothing piped in).
struct BytesSource: ByteSource {
    let isTerminal: Bool
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        isTerminal = false
        self.bytes = bytes
    }

    init(_ text: String) {
        self.init(Array(text.utf8))
    }

    private init(terminal: Bool) {
        isTerminal = terminal
        bytes = []
    }

    /// A terminal: a command that expects records must not read it.
    static let terminal = BytesSource(terminal: true)

    /// Nothing at all: `< /dev/null`.
    static let empty = BytesSource([UInt8]())

    /// NDJSON: each line, each ending in a newline.
    static func lines(_ lines: String...) -> BytesSource {
        BytesSource(lines.map { $0 + "\n" }.joined())
    }

    func read() throws(ToolError) -> [UInt8] { bytes }

    func map() throws(ToolError) -> InputBytes { .read(bytes) }
}
