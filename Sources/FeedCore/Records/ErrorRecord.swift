/// `{"url":"…","error":{"kind":"connectivity","message":"…"}}`: how a stage tells
/// the next one why its input failed. `url` only where one URL is concerned.
/// `error.not_before` (ISO 8601, UTC), where the server answered 429 or 503
/// with a `Retry-After`: the instant it named, for `feed-cache save` to keep.
public struct ErrorRecord: Error, Equatable, Sendable {
    public var url: String?
    public var error: ToolError

    public init(url: String? = nil, _ error: ToolError) {
        self.url = url
        self.error = error
    }

    public var kind: ErrorKind { error.kind }
    public var message: String { error.message }

    public var json: JSON {
        var members: [(key: String, value: JSON)] = []
        if let url { members.append(("url", .string(url))) }
        var fields: [(key: String, value: JSON)] = [
            ("kind", .string(error.kind.rawValue)),
            ("message", .string(error.message)),
        ]
        if let notBefore = error.notBefore { fields.append(("not_before", .string(ISO8601.format(notBefore.seconds)))) }
        members.append(("error", .object(JSONObject(distinct: fields))))
        return .object(JSONObject(distinct: members))
    }

    /// Reads an error record. The caller has seen an "error" key.
    public init(json object: JSONObject) throws(ToolError) {
        guard case .object(let error)? = object["error"],
              let kindName = error["kind"]?.stringValue else {
            throw ToolError(.invalidData, "malformed error record: 'error' must be an object with a 'kind'")
        }
        guard let kind = ErrorKind(rawValue: kindName) else {
            throw ToolError(.invalidData, "malformed error record: unknown kind '\(kindName)'")
        }
        let message = error["message"]?.stringValue ?? kindName
        var notBefore: Timestamp?
        if let value = error["not_before"], value != .null {
            guard let text = value.stringValue, let seconds = ISO8601.parse(text) else {
                throw ToolError(.invalidData, "malformed error record: 'not_before' must be an ISO 8601 date-time")
            }
            notBefore = Timestamp(seconds: seconds)
        }
        var url: String? = nil
        if let value = object["url"], value != .null {
            guard let string = value.stringValue else {
                throw ToolError(.invalidData, "malformed error record: 'url' must be a string")
            }
            url = string
        }
        self.init(url: url, ToolError(kind, message, notBefore: notBefore))
    }
}
