/// How long a response may be taken as it is without asking the server again
/// (RFC 9111, section 4.2.1): `Cache-Control: max-age=N`, else `Expires` less
/// `Date`, less the `Age` the response already had. `no-cache` or `no-store`
/// means none at all. The time the response spent on its way and any
/// difference between the server's clock and ours are not counted: the
/// freshness is counted from when the cache stores it (`FeedValidators`).
public enum HTTPFreshness {
    /// The largest lifetime taken (RFC 9111, section 1.2.2: 2^31 seconds).
    public static let longest: Int64 = 2_147_483_648

    /// The seconds still fresh, from these headers' values (nil where a
    /// header is absent); nil when the response says nothing of freshness,
    /// forbids it, or is already stale.
    @_optimize(size)
    public static func seconds(cacheControl: String?, expires: String?, date: String?, age: String?) -> Int64? {
        var lifetime: Int64?
        if let cacheControl {
            for directive in cacheControl.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0]).trimmingWhitespace().lowercased()
                if name == "no-cache" || name == "no-store" { return nil }
                if name == "max-age", lifetime == nil {
                    // An unreadable max-age makes the response stale (section 4.2.1).
                    guard parts.count == 2, let value = deltaSeconds(String(parts[1])) else { return nil }
                    lifetime = value
                }
            }
        }
        if lifetime == nil, let expires {
            // An Expires that is not a date (often "0") means already stale.
            guard let date, let expiresAt = HTTPDate.seconds(expires.trimmingWhitespace(), now: Timestamp(seconds: 0)),
                  let dated = HTTPDate.seconds(date.trimmingWhitespace(), now: Timestamp(seconds: 0)) else { return nil }
            lifetime = expiresAt - dated
        }
        guard let lifetime else { return nil }
        let current = age.flatMap(deltaSeconds) ?? 0
        let left = min(lifetime, longest) - current
        return left > 0 ? left : nil
    }

    /// The freshness a response record states (its header names lower-cased).
    public static func seconds(of response: ResponseRecord) -> Int64? {
        seconds(cacheControl: response.header("cache-control"), expires: response.header("expires"),
                date: response.header("date"), age: response.header("age"))
    }

    /// delta-seconds: digits only (quotes tolerated around them, and white
    /// space), capped at `longest`.
    private static func deltaSeconds(_ text: String) -> Int64? {
        var digits = 0, value: Int64 = 0
        for byte in text.utf8 where byte != 0x22 && byte != 0x20 && byte != 0x09 {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = min(value * 10 + Int64(byte - 0x30), longest)
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}
