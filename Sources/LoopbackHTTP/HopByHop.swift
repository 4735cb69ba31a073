/// The header fields that concern one connection only, which a proxy does not pass on
/// (RFC 9110 §7.6.1): the fixed ones and whatever a Connection header names.
enum HopByHop {
    static let names: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authorization", "proxy-authenticate",
        "te", "trailer", "transfer-encoding", "upgrade",
    ]

    /// `headers` without the hop-by-hop ones, in order.
    static func removing(from headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        let named = headers.filter { asciiLowercased($0.name) == "connection" }.flatMap { header in
            header.value.split(separator: ",").map { asciiLowercased(String($0).trimmingSpaces()) }
        }
        let dropped = names.union(named)
        return headers.filter { !dropped.contains(asciiLowercased($0.name)) }
    }
}
