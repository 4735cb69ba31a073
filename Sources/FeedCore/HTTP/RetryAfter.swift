/// The wait a response's `Retry-After` asks for (RFC 9110, section 10.2.3).
public enum RetryAfter {
    /// The seconds to wait from `now`: delay-seconds (`120`: digits only), or
    /// an HTTP date in any of its three forms less `now` (to the nanosecond; a
    /// date already past is 0). Surrounding white space is ignored. Nil for
    /// anything else (`1.5`, `-1`, `soon`, a date that is not real), so that
    /// the caller falls back on its own backoff. Not capped: that is the
    /// retry policy's business.
    public static func parse(_ value: String, now: Timestamp) -> Double? {
        let text = value.trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Summed in a Double: however many digits, a huge wait, never an overflow.
            return text.utf8.reduce(0) { $0 * 10 + Double($1 - UInt8(ascii: "0")) }
        }
        guard let date = HTTPDate.seconds(text, now: now) else { return nil }
        let wait = Double(date) - Double(now.seconds) - Double(now.nanoseconds) / 1_000_000_000
        return max(0, wait)
    }
}

extension RetryAfter {
    /// The longest wait remembered between runs: one day.
    public static let longestRemembered: Int64 = 86400

    /// When a 429 or 503 for the feed, read at `now`, asks to be asked again:
    /// its `Retry-After` (seconds or a date), at most a day ahead; nil for
    /// another status, no or an unreadable `Retry-After`, or a time already come.
    public static func notBefore(of response: ResponseRecord, now: Timestamp) -> Timestamp? {
        guard response.status == 429 || response.status == 503, let value = response.header("retry-after"),
              let wait = parse(value, now: now), wait >= 1 else { return nil }
        return now.adding(seconds: Int64(min(wait, Double(longestRemembered)).rounded(.up)))
    }
}
