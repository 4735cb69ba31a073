/// Reads one connection's requests: the header section, then the whole body (by
/// Content-Length or chunked), keeping what follows for the next request.
struct RequestReader {
    static let maxHeaderBytes = 64 * 1024
    static let maxBodyBytes = 16 * 1024 * 1024
    static let maxChunkLineBytes = 8 * 1024

    let socket: ConnectionSocket
    /// Bytes received and not yet consumed (the start of the next request when pipelined).
    var buffer: [UInt8] = []

    init(socket: ConnectionSocket) {
        self.socket = socket
    }

    /// The next request, body read whole.
    mutating func readRequest() throws(RequestReadFailure) -> LoopbackRequest {
        let headerLength = try readHeaderSection()
        let head = try LoopbackRequest(headerSection: buffer[..<headerLength])
        buffer.removeFirst(headerLength)
        return head.with(body: try readBody(of: head))
    }

    /// Reads until `buffer` starts with a whole header section; its length.
    private mutating func readHeaderSection() throws(RequestReadFailure) -> Int {
        var scanned = 0
        while true {
            // Empty lines before a request line are allowed (RFC 9112 §2.2).
            let leading = buffer.prefix { $0 == 13 || $0 == 10 }.count
            if leading > 0 {
                buffer.removeFirst(leading)
                scanned = 0
            }
            if let end = headerEnd(searchingFrom: scanned - 2) {
                if end > Self.maxHeaderBytes { throw .reject(431) }
                return end
            }
            if buffer.count > Self.maxHeaderBytes { throw .reject(431) }
            scanned = buffer.count
            try fill()
        }
    }

    /// Index just past the blank line that ends the header section, if it is in `buffer`.
    private func headerEnd(searchingFrom start: Int) -> Int? {
        var index = max(start, 0)
        while index < buffer.count {
            if buffer[index] == 10 {  // \n
                if index + 1 < buffer.count && buffer[index + 1] == 10 { return index + 2 }
                if index + 2 < buffer.count && buffer[index + 1] == 13 && buffer[index + 2] == 10 { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    /// The body `request`'s headers announce: chunked, Content-Length bytes, or none.
    private mutating func readBody(of request: LoopbackRequest) throws(RequestReadFailure) -> [UInt8] {
        let transferEncodings = request.headerValues("Transfer-Encoding")
        let lengths = request.headerValues("Content-Length")
        if !transferEncodings.isEmpty {
            let codings = transferEncodings.joined(separator: ",")
                .split(separator: ",").map { asciiLowercased(String($0).trimmingSpaces()) }
            guard codings.last == "chunked" else { throw .reject(501) }
            sendContinueIfExpected(request)
            return try readChunkedBody()
        }
        guard !lengths.isEmpty else { return [] }
        let values = Set(lengths.flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces() } })
        guard values.count == 1, let text = values.first, !text.isEmpty,
              text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { throw .reject(400) }
        guard text.count <= 9, let length = Int(text) else { throw .reject(413) }
        guard length <= Self.maxBodyBytes else { throw .reject(413) }
        guard length > 0 else { return [] }
        sendContinueIfExpected(request)
        return try readExactly(length)
    }

    /// Answers "Expect: 100-continue" (libcurl waits for it before sending a large body).
    private func sendContinueIfExpected(_ request: LoopbackRequest) {
        guard request.version == "HTTP/1.1", buffer.isEmpty,
              let expect = request.header("Expect"),
              asciiLowercased(expect.trimmingSpaces()) == "100-continue" else { return }
        _ = socket.sendAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }

    /// The next `count` bytes, reading more as needed.
    mutating func readExactly(_ count: Int) throws(RequestReadFailure) -> [UInt8] {
        while buffer.count < count { try fill() }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Appends what the socket has to `buffer`; throws `.closed` on EOF, error or stop.
    mutating func fill() throws(RequestReadFailure) {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        guard let count = socket.receive(into: &chunk) else { throw .closed }
        buffer.append(contentsOf: chunk[..<count])
    }
}
