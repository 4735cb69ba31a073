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
