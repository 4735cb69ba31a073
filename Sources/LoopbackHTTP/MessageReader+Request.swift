extension MessageReader {
    /// The next request, body read whole.
    mutating func readRequest() throws(MessageReadFailure) -> LoopbackRequest {
        let headerLength = try readHeaderSection()
        var head = try LoopbackRequest(headerSection: buffer[..<headerLength])
        head.head = Array(buffer[..<headerLength])
        buffer.removeFirst(headerLength)
        return head.with(body: try readBody(of: head))
    }

    /// The body `request`'s headers announce: chunked, Content-Length bytes, or none.
    private mutating func readBody(of request: LoopbackRequest) throws(MessageReadFailure) -> [UInt8] {
        if let chunked = Self.endsChunked(request.headerValues("Transfer-Encoding")) {
            guard chunked else { throw .reject(501) }
            sendContinueIfExpected(request)
            return try readChunkedBody()
        }
        let lengths = request.headerValues("Content-Length")
        guard try Self.contentLength(lengths) > 0 else { return [] }
        sendContinueIfExpected(request)
        return try readBody(contentLengths: lengths)
    }

    /// Answers "Expect: 100-continue" (libcurl waits for it before sending a large body).
    private func sendContinueIfExpected(_ request: LoopbackRequest) {
        guard request.version == "HTTP/1.1", buffer.isEmpty,
              let expect = request.header("Expect"),
              asciiLowercased(expect.trimmingSpaces()) == "100-continue" else { return }
        _ = socket.sendAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }
}
