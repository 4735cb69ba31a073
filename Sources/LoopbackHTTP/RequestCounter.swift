import FeedConcurrency

/// Hands out 0, 1, 2, ... per key to concurrent callers (the request counts of
/// `LoopbackRoutes.sequence` and `LoopbackRoutes.sequences`).
final class RequestCounter: Sendable {
    private let counts = Locked<[String: Int]>([:])

    /// How many times `key` was counted before this call.
    func next(_ key: String = "") -> Int {
        counts.withLock { counts in
            defer { counts[key, default: 0] += 1 }
            return counts[key, default: 0]
        }
    }
}
