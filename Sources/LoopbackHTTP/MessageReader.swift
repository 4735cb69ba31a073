/// Reads HTTP/1.1 messages from one socket: a header section, then a body (by Content-Length,
/// chunked or up to the close), keeping what follows for the next message. Requests on the
/// server's connections (`+Request`), responses on the proxy's origin connections (`+Response`).
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
