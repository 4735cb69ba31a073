import FeedCore

/// Where the cache is and how old a feed may be, from options and environment:
/// `--cache-dir`, else `$FEED_CACHE_DIR`, else `$XDG_CACHE_HOME/essential-feed`,
/// else `$HOME/.cache/essential-feed`; `--max-age`, else `$FEED_CACHE_MAX_AGE`,
/// else 7d. Empty variables count as unset.
public struct CacheConfiguration: Equatable, Sendable {
    public var directory: String
    public var policy: FeedCachePolicy

    public static let directoryName = "essential-feed"
    /// What `--max-age` and `$FEED_CACHE_MAX_AGE` take: 0s to 36500d (a
    /// century, so that a saved time plus the age is far from overflowing).
    public static let maxAgeRange = BoundedValue.duration(0...(36_500 * 86_400))

    public init(directory: String, policy: FeedCachePolicy) {
        self.directory = directory
        self.policy = policy
    }

    public static func resolve(cacheDir: String?, maxAge: String?,
                               environment: (String) -> String?) throws(ToolError) -> CacheConfiguration {
        func variable(_ name: String) -> String? { set(name, in: environment) }
        let directory = try self.directory(cacheDir: cacheDir, environment: environment)
        let seconds: Int64
        if let maxAge {
            seconds = try maxAgeRange.value(maxAge, of: OptionKey.maxAge.canonical)
        } else if let text = variable("FEED_CACHE_MAX_AGE") {
            seconds = try maxAgeRange.value(text, of: "FEED_CACHE_MAX_AGE")
        } else {
            seconds = FeedCachePolicy.defaultMaxAge
        }
        return CacheConfiguration(directory: directory, policy: FeedCachePolicy(maxAge: seconds))
    }

    /// The cache directory alone (what `feed-fetch --if-changed` reads).
    public static func directory(cacheDir: String?, environment: (String) -> String?) throws(ToolError) -> String {
        func variable(_ name: String) -> String? { set(name, in: environment) }
        if let cacheDir {
            guard !cacheDir.isEmpty else { throw ToolError(.usage, "\(OptionKey.cacheDir) needs a directory") }
            return cacheDir
        } else if let value = variable("FEED_CACHE_DIR") {
            return value
        } else if let xdg = variable("XDG_CACHE_HOME"), xdg.hasPrefix("/") {
            return xdg + "/" + directoryName
        } else if let home = variable("HOME") {
            return home + "/.cache/" + directoryName
        }
        throw ToolError(.usage, "no cache directory: give \(OptionKey.cacheDir), or set FEED_CACHE_DIR or HOME")
    }

    /// A variable's value; an empty one counts as unset.
    private static func set(_ name: String, in environment: (String) -> String?) -> String? {
        guard let value = environment(name), !value.isEmpty else { return nil }
        return value
    }
}

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
