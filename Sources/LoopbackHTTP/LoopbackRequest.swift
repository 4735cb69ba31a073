/// One HTTP request as the server received it.
public struct LoopbackRequest: Sendable {
    /// The method, as sent (e.g. "GET").
    public let method: String
    /// The request target as sent, query included (e.g. "/v1/feed?after=3").
    public let path: String
    /// Every header line in order, names as sent; repeated names stay separate.
    public let headers: [(name: String, value: String)]
    /// The request body (de-chunked if it was sent chunked); empty if there was none.
    public let body: [UInt8]
    /// The protocol version from the request line, e.g. "HTTP/1.1".
    public let version: String
    /// The request line and header lines as they came on the wire, blank line included.
    public internal(set) var head: [UInt8] = []

    public init(
        method: String,
        path: String,
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = [],
        version: String = "HTTP/1.1"
    ) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.version = version
    }

    /// The first value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = asciiLowercased(name)
        return headers.first { asciiLowercased($0.name) == wanted }?.value
    }

    /// Every value of header `name`, in order, compared case-insensitively.
    public func headerValues(_ name: String) -> [String] {
        let wanted = asciiLowercased(name)
        return headers.filter { asciiLowercased($0.name) == wanted }.map(\.value)
    }

    /// `path` without its query ("/v1/feed?after=3" → "/v1/feed").
    public var pathWithoutQuery: String {
        guard let mark = path.firstIndex(of: "?") else { return path }
        return String(path[..<mark])
    }

    /// The query after "?", or nil if there is none.
    public var query: String? {
        guard let mark = path.firstIndex(of: "?") else { return nil }
        return String(path[path.index(after: mark)...])
    }
}

extension LoopbackRequest {
    /// The request a header section (request line, header lines, blank line; LF or CR LF)
    /// describes, without its body. Throws `.reject(400)` for a malformed section and
    /// `.reject(505)` for a version other than HTTP/1.0 and HTTP/1.1.
    init(headerSection: ArraySlice<UInt8>) throws(MessageReadFailure) {
        let lines = try HeaderSection.lines(headerSection)
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { throw .reject(400) }
        let version = String(parts[2])
        guard version.hasPrefix("HTTP/") else { throw .reject(400) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .reject(505) }
        let headers = try HeaderSection.fields(lines.dropFirst())
        self.init(method: String(parts[0]), path: String(parts[1]), headers: headers, version: version)
    }

    /// Whether the client lets the connection stay open after the reply: HTTP/1.1 unless it
    /// sent "Connection: close", HTTP/1.0 only with "Connection: keep-alive".
    var keepsConnectionAlive: Bool {
        if version == "HTTP/1.0" { return hasToken(headers, "connection", "keep-alive") }
        return !hasToken(headers, "connection", "close")
    }

    /// The same request carrying `body`.
    func with(body: [UInt8]) -> LoopbackRequest {
        var request = LoopbackRequest(method: method, path: path, headers: headers, body: body, version: version)
        request.head = head
        return request
    }
}

extension LoopbackRequest {
    /// The query's name=value pairs, in order, decoded as a form would be ("+" is a space, then
    /// percent escapes); a pair without "=" has the value "". Empty pieces ("a=1&&b=2") are
    /// skipped. [] without a query; nil if an escape is malformed or not UTF-8.
    public var queryItems: [(name: String, value: String)]? {
        guard let query else { return [] }
        var items: [(name: String, value: String)] = []
        for piece in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = formDecoded(parts[0]),
                  let value = parts.count > 1 ? formDecoded(parts[1]) : "" else { return nil }
            items.append((name, value))
        }
        return items
    }

    /// Every value of query parameter `name` (compared exactly), in order; nil if the query
    /// is malformed (see `queryItems`).
    public func queryValues(_ name: String) -> [String]? {
        queryItems?.filter { $0.name == name }.map(\.value)
    }
}

/// "a+b%2Fc" → "a b/c"; nil for a malformed escape or bytes that are not UTF-8.
private func formDecoded(_ text: Substring) -> String? {
    percentDecoded(String(text).replacingPluses())
}

extension String {
    fileprivate func replacingPluses() -> String {
        guard utf8.contains(43) else { return self }
        return String(decoding: utf8.map { $0 == 43 ? 32 : $0 }, as: UTF8.self)
    }
}
