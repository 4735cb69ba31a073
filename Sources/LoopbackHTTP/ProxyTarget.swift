/// The origin an absolute-form request target names, as a forward proxy gets it:
/// "http://127.0.0.1:8080/v1/feed?after=3".
struct ProxyTarget {
    /// The host, lowercased ("127.0.0.1", "localhost", "example.com", "[::1]").
    let host: String
    let port: UInt16
    /// Host and port as the URL wrote them, for the Host header.
    let authority: String
    /// Path and query, fragment left off: "/v1/feed?after=3" ("/" when the URL has no path).
    let originForm: String

    /// nil unless `target` is "http://host[:port][/path][?query]" (scheme case-insensitive) with
    /// a port in 1...65535 (80 when left out) and no user info.
    init?(absoluteForm target: String) {
        let scheme = "http://"
        guard asciiLowercased(String(target.prefix(scheme.count))) == scheme else { return nil }
        var rest = Substring(target.dropFirst(scheme.count))
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = String(rest[..<authorityEnd])
        let tail = String(rest[authorityEnd...])
        guard !authority.isEmpty, !authority.contains("@"),
              let parts = Self.hostAndPort(authority), !parts.host.isEmpty else { return nil }
        if let portText = parts.port {
            guard !portText.isEmpty, portText.count <= 5, portText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                  let number = Int(portText), (1...65535).contains(number) else { return nil }
            port = UInt16(number)
        } else {
            port = 80
        }
        host = asciiLowercased(String(parts.host))
        self.authority = authority
        originForm = tail.hasPrefix("/") ? tail : "/" + tail
    }

    /// The host and the port text after its colon (nil without one); an IPv6 literal keeps its brackets.
    private static func hostAndPort(_ authority: String) -> (host: Substring, port: Substring?)? {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let after = authority[authority.index(after: close)...]
            if after.isEmpty { return (authority[...close], nil) }
            guard after.first == ":" else { return nil }
            return (authority[...close], after.dropFirst())
        }
        guard let colon = authority.lastIndex(of: ":") else { return (authority[...], nil) }
        return (authority[..<colon], authority[authority.index(after: colon)...])
    }

    /// Whether the proxy may connect to it: only 127.0.0.1 and localhost (which it takes as 127.0.0.1).
    var isLoopback: Bool { host == "127.0.0.1" || host == "localhost" }
}
