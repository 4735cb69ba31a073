/// What feed-fetch writes for each URL: the URL asked for, the final status,
/// the headers and the body, in that key order.
public struct ResponseRecord: Equatable, Sendable {
    public var url: String
    public var status: Int
    /// Lower-cased names, in name order; repeated headers already joined with ", ".
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// On a 304 that feed-map passes on: the schema it maps with (nil for
    /// images), for `feed-cache save` to compare with the cached feed's.
    public var schema: String?

    public init(url: String, status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.url = url
        self.status = status
        self.headers = ResponseRecord.normalized(headers)
        self.body = body
    }

    /// Lower-cases names, joins repeated ones with ", " (first seen first), sorts by name.
    public static func normalized(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var order: [String] = []
        var values: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            if let existing = values[key] {
                values[key] = existing + ", " + value
            } else {
                values[key] = value
                order.append(key)
            }
        }
        return order.sorted().map { ($0, values[$0] ?? "") }
    }

    /// A 304: the server says the feed asked about has not changed since the
    /// validators the request carried. It flows down the pipe as it is.
    public var isNotModified: Bool { status == 304 }

    public func header(_ name: String) -> String? {
        let key = name.lowercased()
        return headers.first { $0.name == key }?.value
    }

    public var json: JSON {
        var members: [(key: String, value: JSON)] = [
            ("url", .string(url)),
            ("status", .number(String(status))),
            ("headers", .object(JSONObject(distinct: headers.map { ($0.name, JSON.string($0.value)) }))),
        ]
        if let text = String(validating: body, as: UTF8.self) {
            members.append(("body", .string(text)))
        } else {
            members.append(("body_base64", .string(Base64.encode(body))))
        }
        if let schema { members.append(("schema", .string(schema))) }
        return .object(JSONObject(distinct: members))
    }

    /// Reads a response record; anything off its shape is `invalid-data`.
    public init(json object: JSONObject) throws(ToolError) {
        func malformed(_ why: String) -> ToolError {
            ToolError(.invalidData, "malformed response record: \(why)")
        }
        guard let url = object["url"]?.stringValue else { throw malformed("'url' must be a string") }
        guard let statusValue = object["status"], let status = statusValue.intValue, (100...999).contains(status) else {
            throw malformed("'status' must be an integer from 100 to 999")
        }
        var headers: [(name: String, value: String)] = []
        switch object["headers"] {
        case nil, .null?: break
        case .object(let fields)?:
            for member in fields.members {
                guard let value = member.value.stringValue else { throw malformed("header '\(member.key)' must be a string") }
                headers.append((member.key, value))
            }
        default: throw malformed("'headers' must be an object")
        }
        let text = object["body"].flatMap { $0 == .null ? nil : $0 }
        let base64 = object["body_base64"].flatMap { $0 == .null ? nil : $0 }
        let body: [UInt8]
        switch (text, base64) {
        case (.string(let string)?, nil):
            body = Array(string.utf8)
        case (nil, .string(let encoded)?):
            guard let data = Base64.decode(encoded) else { throw malformed("'body_base64' is not base64") }
            body = data
        case (nil, nil):
            throw malformed("one of 'body' or 'body_base64' is required")
        case (.some, .some):
            if text?.stringValue == nil || base64?.stringValue == nil { throw malformed("the body must be a string") }
            throw malformed("only one of 'body' or 'body_base64' may be present")
        default:
            throw malformed("the body must be a string")
        }
        self.init(url: url, status: status, headers: headers, body: body)
        schema = object["schema"]?.stringValue
    }

    public static func == (lhs: ResponseRecord, rhs: ResponseRecord) -> Bool {
        lhs.url == rhs.url && lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.count == rhs.headers.count
            && zip(lhs.headers, rhs.headers).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
