/// What the server does with one request.
public enum LoopbackReply: Sendable {
    /// A complete response. Content-Length is added automatically unless `headers` already has one
    /// (or a Transfer-Encoding), and except for 1xx, 204 and 304, which carry no body.
    case respond(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
    /// Wait, then do `then`. `stop()` cuts the wait short and closes the connection.
    indirect case delayed(seconds: Double, then: LoopbackReply)
    /// Read the request and never answer; the connection stays open until the server stops
    /// (or the client closes it).
    case hang
    /// Send the status line, headers with Content-Length = full body size, then `sentBytes` of the body,
    /// then reset the connection (SO_LINGER 0 + close → RST).
    case resetMidBody(status: Int, headers: [(String, String)] = [], body: [UInt8], sentBytes: Int)
    /// Send headers with Content-Length: declaredLength, send `body` (shorter), then close normally (FIN).
    case truncated(status: Int, headers: [(String, String)] = [], body: [UInt8], declaredLength: Int)
    /// Send headers (Content-Length = body size) at once, then the body one chunk of `bytesPerChunk`
    /// every `interval` seconds (each chunk is preceded by one pause). The connection stays usable after.
    case drip(status: Int, headers: [(String, String)] = [], body: [UInt8], bytesPerChunk: Int, interval: Double)
    /// Close the connection right after reading the request, sending nothing.
    case closeWithoutResponse
    /// Send these bytes exactly as they are (a hostile server's head: a bare
    /// CR, a NUL), then close the connection.
    case raw([UInt8])

    /// 302 (or the given status) with a Location header and an empty body.
    public static func redirect(to location: String, status: Int = 302) -> LoopbackReply {
        .respond(status: status, headers: [("Location", location)])
    }

    /// 200 with `body` (UTF-8) and a Content-Type.
    public static func ok(_ body: String, contentType: String = "application/json") -> LoopbackReply {
        .respond(status: 200, headers: [("Content-Type", contentType)], body: Array(body.utf8))
    }

    /// 200 with raw bytes and a Content-Type.
    public static func ok(bytes: [UInt8], contentType: String = "application/octet-stream") -> LoopbackReply {
        .respond(status: 200, headers: [("Content-Type", contentType)], body: bytes)
    }

    /// Any status with a short text body (`body` defaults to empty).
    public static func status(_ code: Int, _ body: String = "", contentType: String = "text/plain") -> LoopbackReply {
        if body.isEmpty { return .respond(status: code) }
        return .respond(status: code, headers: [("Content-Type", contentType)], body: Array(body.utf8))
    }

    /// 404 with an empty body.
    public static var notFound: LoopbackReply { .respond(status: 404) }

    /// The reason phrase sent for `status`: the standard one for registered codes,
    /// otherwise a generic one for its class ("Success", "Client Error", ...).
    public static func reasonPhrase(for status: Int) -> String {
        if let known = reasonPhrases[status] { return known }
        switch status {
        case 100...199: return "Informational"
        case 200...299: return "Success"
        case 300...399: return "Redirection"
        case 400...499: return "Client Error"
        case 500...599: return "Server Error"
        default: return "Unknown"
        }
    }

    private static let reasonPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information",
        204: "No Content", 205: "Reset Content", 206: "Partial Content", 207: "Multi-Status",
        208: "Already Reported", 226: "IM Used",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other",
        304: "Not Modified", 305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden",
        404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
        407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
        411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 418: "I'm a teapot", 421: "Misdirected Request",
        422: "Unprocessable Content", 423: "Locked", 424: "Failed Dependency", 425: "Too Early",
        426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
        506: "Variant Also Negotiates", 507: "Insufficient Storage", 508: "Loop Detected",
        510: "Not Extended", 511: "Network Authentication Required",
    ]
}
