import FeedCore
import FeedCommands

/// Standard input in memory: the given bytes, or a terminal (nothing piped
/// in). Read whole, or as it comes (`readChunk`): in pieces of at most
/// `chunkSize` bytes, with the stalls of `arriving(_:)` between them.
struct BytesSource: ByteSource {
    let isTerminal: Bool
    let bytes: [UInt8]
    private let arrival: InputArrival

    init(_ bytes: [UInt8], chunkSize: Int = .max) {
        isTerminal = false
        self.bytes = bytes
        arrival = InputArrival([.bytes(bytes)], chunkSize: chunkSize)
    }

    init(_ text: String) {
        self.init(Array(text.utf8))
    }

    private init(terminal: Bool) {
        isTerminal = terminal
        bytes = []
        arrival = InputArrival([], chunkSize: .max)
    }

    private init(pieces: [InputArrival.Piece], chunkSize: Int) {
        isTerminal = false
        bytes = pieces.flatMap { piece -> [UInt8] in
            if case .bytes(let bytes) = piece { return bytes }
            return []
        }
        arrival = InputArrival(pieces, chunkSize: chunkSize)
    }

    /// A terminal: a command that expects records must not read it.
    static var terminal: BytesSource { BytesSource(terminal: true) }

    /// Nothing at all: `< /dev/null`.
    static var empty: BytesSource { BytesSource([UInt8]()) }

    /// NDJSON: each line, each ending in a newline.
    static func lines(_ lines: String...) -> BytesSource {
        BytesSource(lines.map { $0 + "\n" }.joined())
    }

    /// Input that comes in pieces, with a writer that stalls where `.stall` stands.
    static func arriving(_ pieces: [InputArrival.Piece], chunkSize: Int = .max) -> BytesSource {
        BytesSource(pieces: pieces, chunkSize: chunkSize)
    }

    func read() throws(ToolError) -> [UInt8] { bytes }

    func map() throws(ToolError) -> InputBytes { .read(bytes) }

    func readChunk(into buffer: UnsafeMutableRawBufferPointer) throws(ToolError) -> Int {
        try arrival.read(into: buffer)
    }

    func awaitInput(milliseconds: Int) -> Bool { arrival.waitForInput() }
}
