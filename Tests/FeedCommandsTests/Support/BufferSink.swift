import Foundation
import FeedCommands

/// Standard output or error in memory: collects every byte written. It can
/// pretend to be a terminal, and can be told to take only so many bytes and
/// then refuse, as a pipe whose reader went away (EPIPE) does.
final class BufferSink: ByteSink {
    let isTerminal: Bool
    private let limit: Int?
    private let lock = NSLock()
    private var collected: [UInt8] = []
    private var writeCount = 0
    private var closed = false

    /// - Parameter limit: the bytes it takes before it refuses; a write that
    ///   would go past it is refused whole, and so is every write after it.
    init(isTerminal: Bool = false, refusingWritesAfter limit: Int? = nil) {
        self.isTerminal = isTerminal
        self.limit = limit
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        writeCount += 1
        if closed { return false }
        if let limit, collected.count + bytes.count > limit {
            closed = true
            return false
        }
        collected.append(contentsOf: bytes)
        return true
    }

    var bytes: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    /// What was written, as UTF-8 text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The lines written, each without its newline (a last line without one included).
    var lines: [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") || text.isEmpty ? 1 : 0).map(String.init)
    }

    /// Whether a write was refused (the reader "went away").
    var refusedAWrite: Bool {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }

    /// How many writes were asked for, refused ones included.
    var writes: Int {
        lock.lock()
        defer { lock.unlock() }
        return writeCount
    }
}
