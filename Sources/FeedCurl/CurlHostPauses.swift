import FeedCore
import FeedPlatform

/// One host is not a crowd: what `feed-fetch -j N` holds back per host. At
/// most `maxConnectionsPerHost` connections to one host at once (libcurl's
/// CURLMOPT_MAX_HOST_CONNECTIONS; HTTP/2 needs only one), and when a
/// response is a 429 or 503 with `Retry-After`, every transfer to that host
/// not yet started waits that long (at most `longestPause`), whether or not
/// the run tries again. Only the loop's thread touches it.
final class CurlHostPauses {
    static let maxConnectionsPerHost = 6
    static let longestPause: Double = 60

    /// Host (`name:port`, lower case) → when its pause ends (monotonic seconds).
    private var until: [String: Double] = [:]
    private let trace: CurlTrace?

    init(trace: CurlTrace?) {
        self.trace = trace
    }

    /// Whether transfers to `url`'s host must wait now.
    func holds(_ url: String) -> Bool {
        guard let end = until[Self.host(of: url)] else { return false }
        if ClockCalls.monotonicSeconds() < end { return true }
        until[Self.host(of: url)] = nil
        return false
    }

    /// After a response for `url`: a 429 or 503 with a `Retry-After` still
    /// to come pauses its host. Whether it did.
    func note(_ response: HTTPResponse, for url: String) -> Bool {
        guard response.status == 429 || response.status == 503,
              let value = response.headers.first(where: { $0.name.lowercased() == "retry-after" })?.value else { return false }
        let now = ClockCalls.realtime()
        guard let wait = RetryAfter.parse(value, now: Timestamp(seconds: now.seconds, nanoseconds: now.nanoseconds)), wait > 0 else { return false }
        let pause = min(wait, Self.longestPause)
        let host = Self.host(of: url)
        until[host] = max(until[host] ?? 0, ClockCalls.monotonicSeconds() + pause)
        trace?.note("pausing the transfers to \(host) not yet started for \(Int(pause.rounded(.up))) s (\(response.status) with Retry-After)")
        return true
    }

    /// Seconds until the first pause ends, if any is on.
    func nextEnd() -> Double? {
        let now = ClockCalls.monotonicSeconds()
        return until.values.map { max(0, $0 - now) }.min()
    }

    /// `name:port` of an http(s) URL, lower-cased, without user information.
    static func host(of url: String) -> String {
        var rest = Substring(url)
        // By hand: the string-processing library's searches would double the binary's size.
        let bytes = Array(url.utf8)
        if let at = bytes.indices.dropLast(2).first(where: { bytes[$0] == 0x3A && bytes[$0 + 1] == 0x2F && bytes[$0 + 2] == 0x2F }) {
            rest = Substring(String(decoding: bytes[(at + 3)...], as: UTF8.self))
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        return hostPort.lowercased()
    }
}
