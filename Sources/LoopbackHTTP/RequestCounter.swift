import Synchronization

/// Hands out 0, 1, 2, ... to concurrent callers (the request count of `LoopbackRoutes.sequence`).
final class RequestCounter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
