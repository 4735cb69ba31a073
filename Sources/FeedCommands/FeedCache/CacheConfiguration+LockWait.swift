import FeedCore

extension CacheConfiguration {
    /// The longest a writer waits for the cache's lock: 60 s, or
    /// `$FEED_CACHE_LOCK_TIMEOUT`, a duration as `--max-age` takes them, from
    /// 0s (do not wait) to 1d. In seconds.
    public static func lockWait(environment: (String) -> String?) throws(ToolError) -> Int {
        guard let text = environment(lockWaitVariable), !text.isEmpty else { return CacheLockWait.defaultSeconds }
        guard let seconds = Quantities.duration(text), seconds <= longestLockWait else {
            throw ToolError(.usage, "\(lockWaitVariable) needs a duration from 0s to 1d, such as 30s or 5m, got '\(text)'")
        }
        return Int(seconds)
    }

    public static let lockWaitVariable = "FEED_CACHE_LOCK_TIMEOUT"
    static let longestLockWait: Int64 = 86_400
}
