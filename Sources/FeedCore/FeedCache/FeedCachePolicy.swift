/// The cache policy: a cached feed is valid while `now < saved + max age`,
/// in exact seconds (the case study's `FeedCachePolicy`, with the spots
/// variant's configurable age).
public struct FeedCachePolicy: Equatable, Sendable {
    public static let defaultMaxAge: Int64 = 7 * 86400

    /// Whole seconds.
    public var maxAge: Int64

    public init(maxAge: Int64 = FeedCachePolicy.defaultMaxAge) {
        self.maxAge = maxAge
    }

    public func validate(_ timestamp: Timestamp, against now: Timestamp) -> Bool {
        now < timestamp.adding(seconds: maxAge)
    }

    /// `7d`, `1d12h`, `90s`: the max age as the user would write it.
    public static func describe(_ seconds: Int64) -> String {
        if seconds == 0 { return "0s" }
        var rest = seconds, text = ""
        for (unit, size) in [("d", Int64(86400)), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}
