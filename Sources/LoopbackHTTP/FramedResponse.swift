/// A complete response as `.respond` and `.drip` send it: a Content-Length added unless the
/// handler framed the body itself, a Connection header when the connection closes (or an
/// HTTP/1.0 client keeps it), and no body for HEAD, 1xx, 204 and 304.
struct FramedResponse {
    /// The status line and header lines, blank line included.
    let head: [UInt8]
    /// The body as sent: empty when the status or the method carries none.
    let body: [UInt8]
    /// Whether the connection closes after this response.
    let closesConnection: Bool

    init(status: Int, headers: [(String, String)], body: [UInt8], request: LoopbackRequest, keepAlive: Bool) {
        let bodiless = Self.isBodiless(status)
        var all = headers
        let declared = headers.first { asciiLowercased($0.0) == "content-length" }
        let hasTransferEncoding = headers.contains { asciiLowercased($0.0) == "transfer-encoding" }
        if !bodiless && declared == nil && !hasTransferEncoding {
            all.append(("Content-Length", "\(body.count)"))
        }
        var close = !keepAlive || hasToken(headers, "connection", "close")
        let sendsBody = !bodiless && request.method != "HEAD"
        if let declared, sendsBody, Int(declared.1.trimmingSpaces()) != body.count {
            // The handler's own Content-Length does not frame the body: the connection cannot be reused.
            close = true
        }
        if !headers.contains(where: { asciiLowercased($0.0) == "connection" }) {
            if close {
                all.append(("Connection", "close"))
            } else if request.version == "HTTP/1.0" {
                all.append(("Connection", "keep-alive"))
            }
        }
        self.head = ResponseHead.bytes(status: status, headers: all)
        self.body = sendsBody ? body : []
        self.closesConnection = close
    }

    /// How the connection goes on once the response was sent (`sent`) or could not be.
    func ending(sent: Bool) -> ConnectionEnding {
        guard sent else { return .closeNow }
        return closesConnection ? .closeGracefully : .keepAlive
    }

    private static func isBodiless(_ status: Int) -> Bool {
        (100...199).contains(status) || status == 204 || status == 304
    }
}
