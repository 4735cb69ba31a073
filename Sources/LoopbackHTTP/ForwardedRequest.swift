/// The request the proxy sends its origin for a client's absolute-form request.
enum ForwardedRequest {
    /// The request line in origin form ("GET /path?query HTTP/1.1"); Host replaced by the
    /// target's authority (RFC 9112 §3.2.2); the client's other headers in order, without the
    /// hop-by-hop ones, its framing and Expect (the proxy already read the body and answered
    /// any 100-continue, so the body goes whole with a Content-Length); then `via` and
    /// "Connection: close" (one origin connection per request); then the body.
    static func bytes(_ request: LoopbackRequest, to target: ProxyTarget, via: String) -> [UInt8] {
        let dropped: Set<String> = ["host", "content-length", "expect"]
        var headers = [("Host", target.authority)]
        headers += HopByHop.removing(from: request.headers)
            .filter { !dropped.contains(asciiLowercased($0.name)) }
            .map { ($0.name, $0.value) }
        let hadBody = !request.headerValues("Content-Length").isEmpty
            || !request.headerValues("Transfer-Encoding").isEmpty
        if hadBody || !request.body.isEmpty {
            headers.append(("Content-Length", "\(request.body.count)"))
        }
        headers.append(("Via", via))
        headers.append(("Connection", "close"))

        var text = "\(request.method) \(target.originForm) HTTP/1.1\r\n"
        for (name, value) in headers {
            text += "\(name.strippingLineBreaks()): \(value.strippingLineBreaks())\r\n"
        }
        text += "\r\n"
        return Array(text.utf8) + request.body
    }
}
