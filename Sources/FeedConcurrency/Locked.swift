import Synchronization

/// A value behind a lock: Synchronization's `Mutex`, with each hand-over of
/// the lock from one thread to the next visible to ThreadSanitizer too (the
/// test server in LoopbackHTTP uses it as well).
///
/// A `Mutex` that another thread holds is waited for in the kernel (a
/// priority-inheriting futex, which gives the lock to the waiter itself), so
/// the hand-over is no atomic operation of the program's, and ThreadSanitizer
/// takes what two threads did in turn under the lock for a race. Here each
/// holder also reads `turns` (acquiring) first and counts its turn (releasing)
/// last: what one holder did happens before the next one's turn, for the
/// sanitizer as for the processor. Two uncontended atomic operations a turn.
public struct Locked<Value: ~Copyable>: ~Copyable, Sendable {
    private let mutex: Mutex<Value>
    private let turns = Atomic<Int>(0)

    public init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, holding the lock.
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            _ = turns.load(ordering: .acquiring)
            defer { turns.wrappingAdd(1, ordering: .releasing) }
            return try body(&value)
        }
    }
}
