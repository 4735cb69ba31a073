/// An instant, exact to the nanosecond: seconds since 1970-01-01T00:00:00Z and
/// the nanoseconds past them (0 ..< 1_000_000_000).
public struct Timestamp: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var seconds: Int64
    public var nanoseconds: Int64

    public init(seconds: Int64, nanoseconds: Int64 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    public func adding(seconds delta: Int64) -> Timestamp {
        let (sum, overflow) = seconds.addingReportingOverflow(delta)
        return Timestamp(seconds: overflow ? (delta > 0 ? Int64.max : Int64.min) : sum, nanoseconds: nanoseconds)
    }

    /// The nanoseconds from `earlier` to this instant (negative if it is
    /// later), wrapping rather than trapping on absurd clocks.
    public func nanoseconds(since earlier: Timestamp) -> Int64 {
        (seconds &- earlier.seconds) &* 1_000_000_000 &+ (nanoseconds &- earlier.nanoseconds)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// `1763762400.123456789`: exact, and read back by `init?(_:)`.
    public var description: String {
        var fraction = String(nanoseconds)
        while fraction.count < 9 { fraction = "0" + fraction }
        return "\(seconds).\(fraction)"
    }

    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 9,
              let seconds = Int64(parts[0]), let nanoseconds = Int64(parts[1]), nanoseconds >= 0 else { return nil }
        self.init(seconds: seconds, nanoseconds: nanoseconds)
    }
}
