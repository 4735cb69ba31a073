/// Reads HTTP/1.1 messages from one socket: a header section, then a body (by Content-Length,
/// chunked or up to the close), keeping what follows for the next message. Requests on the
/// server's connections, responses on the proxy's origin connections (the extensions below).
struct MessageReader {
    static let maxHeaderBytes = 64 * 1024
    static let maxBodyBytes = 16 * 1024 * 1024
    static let maxChunkLineBytes = 8 * 1024

    let socket: ConnectionSocket
    /// Bytes received and not yet consumed (the start of the next message when pipelined).
    var buffer: [UInt8] = []

    init(socket: ConnectionSocket) {
        self.socket = socket
    }

    /// Reads until `buffer` starts with a whole header section; its length.
    mutating func readHeaderSection() throws(MessageReadFailure) -> Int {
        var scanned = 0
        while true {
            // Empty lines before a start line are allowed (RFC 9112 §2.2).
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

    /// A Content-Length body: the headers' one length (repeated values must agree), read whole.
    /// Throws `.reject(400)` for a malformed length and `.reject(413)` for one over the limit.
    mutating func readBody(contentLengths lengths: [String]) throws(MessageReadFailure) -> [UInt8] {
        let length = try Self.contentLength(lengths)
        return length > 0 ? try readExactly(length) : []
    }

    /// The one length the Content-Length values announce (0 when there are none).
    static func contentLength(_ lengths: [String]) throws(MessageReadFailure) -> Int {
        guard !lengths.isEmpty else { return 0 }
        let values = Set(lengths.flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces() } })
        guard values.count == 1, let text = values.first, !text.isEmpty,
              text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { throw .reject(400) }
        guard text.count <= 9, let length = Int(text) else { throw .reject(413) }
        guard length <= maxBodyBytes else { throw .reject(413) }
        return length
    }

    /// Whether the Transfer-Encoding values end with "chunked" (nil when there are none).
    static func endsChunked(_ transferEncodings: [String]) -> Bool? {
        guard !transferEncodings.isEmpty else { return nil }
        let codings = transferEncodings.joined(separator: ",")
            .split(separator: ",").map { asciiLowercased(String($0).trimmingSpaces()) }
        return codings.last == "chunked"
    }

    /// The next `count` bytes, reading more as needed.
    mutating func readExactly(_ count: Int) throws(MessageReadFailure) -> [UInt8] {
        while buffer.count < count { try fill() }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Everything up to the peer's close (a response framed by the close); `.reject(413)` past the limit.
    mutating func readUntilClose() throws(MessageReadFailure) -> [UInt8] {
        while true {
            if buffer.count > Self.maxBodyBytes { throw .reject(413) }
            do {
                try fill()
            } catch .closed {
                defer { buffer = [] }
                return buffer
            }
        }
    }

    /// Appends what the socket has to `buffer`; throws `.closed` on EOF, error or stop.
    mutating func fill() throws(MessageReadFailure) {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        guard let count = socket.receive(into: &chunk) else { throw .closed }
        buffer.append(contentsOf: chunk[..<count])
    }
}

extension MessageReader {
    /// A chunked body, de-chunked; trailer fields are read and ignored.
    mutating func readChunkedBody() throws(MessageReadFailure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine()
            let sizeText = String(decoding: line.prefix { $0 != 59 }, as: UTF8.self).trimmingSpaces()  // ';'
            guard !sizeText.isEmpty, sizeText.count <= 8, let size = Int(sizeText, radix: 16), size >= 0 else {
                throw .reject(400)
            }
            if size == 0 {
                try skipTrailers()
                return body
            }
            guard body.count + size <= Self.maxBodyBytes else { throw .reject(413) }
            body += try readExactly(size)
            guard try readLine().isEmpty else { throw .reject(400) }
        }
    }

    /// Trailer fields, up to the blank line.
    private mutating func skipTrailers() throws(MessageReadFailure) {
        var trailerBytes = 0
        while true {
            let trailer = try readLine()
            if trailer.isEmpty { return }
            trailerBytes += trailer.count
            if trailerBytes > Self.maxHeaderBytes { throw .reject(431) }
        }
    }

    /// One line from `buffer` (without CR LF), reading more as needed.
    private mutating func readLine() throws(MessageReadFailure) -> [UInt8] {
        var scanned = 0
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 10) {
                var line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                if line.last == 13 { line.removeLast() }
                return line
            }
            if buffer.count > Self.maxChunkLineBytes { throw .reject(400) }
            scanned = buffer.count
            try fill()
        }
    }
}

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
