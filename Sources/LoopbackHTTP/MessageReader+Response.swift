extension MessageReader {
    /// The origin's final response to a `method` request, body read whole: interim 1xx
    /// responses are skipped, 101 (a protocol switch the proxy cannot follow) rejected.
    mutating func readResponse(to method: String) throws(MessageReadFailure) -> OriginResponse {
        while true {
            let headerLength = try readHeaderSection()
            var response = try OriginResponse(headerSection: buffer[..<headerLength])
            buffer.removeFirst(headerLength)
            if response.status == 101 { throw .reject(502) }
            if response.status < 200 { continue }
            try readBody(into: &response, to: method)
            return response
        }
    }

    /// The body the response's status, its request's method and its framing headers announce
    /// (RFC 9112 §6.3): none, chunked, Content-Length bytes, or everything up to the close.
    private mutating func readBody(into response: inout OriginResponse, to method: String) throws(MessageReadFailure) {
        if method == "HEAD" || response.status == 204 || response.status == 304 { return }
        if let chunked = Self.endsChunked(response.headerValues("transfer-encoding")) {
            response.body = chunked ? try readChunkedBody() : try readUntilClose()
            response.keepsContentLength = false
            return
        }
        let lengths = response.headerValues("content-length")
        if lengths.isEmpty {
            response.body = try readUntilClose()
            response.keepsContentLength = false
        } else {
            response.body = try readBody(contentLengths: lengths)
        }
    }
}
