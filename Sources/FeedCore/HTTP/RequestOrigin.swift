/// A URL's origin: its scheme, host and port (the default one of the scheme
/// where none is written), compared without regard to case. Headers given
/// with `-H` (and a cache's validators) are for the origin of the URL they
/// were given with, and go to no other: a redirect elsewhere drops them.
public struct RequestOrigin: Equatable, Sendable {
    public var scheme: String
    public var host: String
    public var port: Int

    /// The origin of `url` (`scheme://[user@]host[:port]…`); nil when it has
    /// none that can be read, which no other origin equals.
    public init?(of url: String) {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              bytes[colon...].starts(with: "://".utf8) else { return nil }
        scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        var authority = bytes[(colon + 3)...].prefix { !"/?#\\".utf8.contains($0) }
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        let hostEnd: Int
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            hostEnd = close + 1
        } else {
            hostEnd = authority.firstIndex(of: UInt8(ascii: ":")) ?? authority.endIndex
        }
        host = String(decoding: authority[..<hostEnd], as: UTF8.self).lowercased()
        guard !host.isEmpty else { return nil }
        let portText = authority[hostEnd...].dropFirst()
        if hostEnd < authority.endIndex && !portText.isEmpty {
            guard portText.count <= 5, portText.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  let port = Int(String(decoding: portText, as: UTF8.self)) else { return nil }
            self.port = port
        } else {
            switch scheme {
            case "http": port = 80
            case "https": port = 443
            default: return nil
            }
        }
    }
}
