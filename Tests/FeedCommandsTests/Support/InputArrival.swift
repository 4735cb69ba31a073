import FeedCore

/// How a test's standard input arrives when read as it comes: its pieces in
/// order, in reads of at most `chunkSize` bytes, a stall where the writer is
/// slow, a read failure where the input breaks, an action where a test
/// looks on. A class: the copies of a `BytesSource` share one position in it.
final class InputArrival {
    enum Piece {
        case bytes([UInt8])
        /// The writer is slow here: a wait for input times out (once).
        case stall
        /// Reading fails here.
        case failure(ToolError)
        /// Runs when a read reaches it (moves a clock, checks what was stored so far).
        case action(() -> Void)
    }

    private var pieces: [Piece]
    private var offset = 0
    private let chunkSize: Int

    init(_ pieces: [Piece], chunkSize: Int) {
        self.pieces = pieces
        self.chunkSize = max(chunkSize, 1)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ToolError) -> Int {
        dropReadPiece()
        while let piece = pieces.first {
            switch piece {
            case .stall:
                pieces.removeFirst() // a read waits it out
            case .failure(let error):
                pieces.removeFirst()
                throw error
            case .action(let action):
                pieces.removeFirst()
                action()
            case .bytes(let bytes):
                let count = min(bytes.count - offset, buffer.count, chunkSize)
                bytes.withUnsafeBytes { source in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
                }
                offset += count
                dropReadPiece()
                return count
            }
        }
        return 0
    }

    /// False (once) where the writer stalls.
    func waitForInput() -> Bool {
        dropReadPiece()
        guard case .stall? = pieces.first else { return true }
        pieces.removeFirst()
        return false
    }

    /// Past the bytes already read.
    private func dropReadPiece() {
        while case .bytes(let bytes)? = pieces.first, offset >= bytes.count {
            pieces.removeFirst()
            offset = 0
        }
    }
}
