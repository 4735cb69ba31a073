import FeedPlatform

/// Serves one accepted socket on its own thread: reads requests, records them, asks the
/// handler, writes replies, until the client or the reply closes the connection or the server stops.
final class Connection {
    static let maxHeaderBytes = 64 * 1024
    static let maxBodyBytes = 16 * 1024 * 1024
    static let maxChunkLineBytes = 8 * 1024

    private let fd: Int32
    private let core: ServerCore
    /// Bytes received and not yet consumed (the start of the next request when pipelined).
    private var buffer: [UInt8] = []

    init(fd: Int32, core: ServerCore) {
        self.fd = fd
        self.core = core
    }

    /// How the connection ends after a reply.
    private enum Ending {
        case keepAlive
        /// Send FIN, read what the client still sends for a moment, then close.
        case closeGracefully
        /// Close with SO_LINGER 0, so the client sees RST.
        case reset
        /// Close at once (stopped, or the client is gone).
        case closeNow
    }

    /// Why reading a request stopped.
    private enum ReadFailure: Error {
        /// EOF, a socket error or the server stopping: nothing to answer.
        case closed
        /// A malformed or oversized request: answer with this status, then close.
        case reject(Int)
    }

    func run() {
        core.connectionThreadStarted(fd)
        let ending = serve()
        switch ending {
        case .keepAlive, .closeNow:
            break
        case .closeGracefully:
            lingeringClose()
        case .reset:
            Socket.setAbortiveClose(fd)
        }
        core.connectionFinished(fd)
    }

    private func serve() -> Ending {
        while !core.isStopped {
            let request: LoopbackRequest
            let keepAlive: Bool
            do {
                (request, keepAlive) = try readRequest()
            } catch ReadFailure.reject(let status) {
                let body = Array("\(status) \(LoopbackReply.reasonPhrase(for: status))\n".utf8)
                let head = responseHead(status: status, headers: [
                    ("Content-Type", "text/plain"),
                    ("Content-Length", "\(body.count)"),
                    ("Connection", "close"),
                ])
                return Socket.sendAll(fd, head + body) ? .closeGracefully : .closeNow
            } catch {
                return .closeNow
            }
            core.record(request)
            let reply = core.handler(request)
            if core.isStopped { return .closeNow }
            let ending = perform(reply, for: request, keepAlive: keepAlive)
            if case .keepAlive = ending { continue }
            return ending
        }
        return .closeNow
    }

    // MARK: - Replies

    private func perform(_ reply: LoopbackReply, for request: LoopbackRequest, keepAlive: Bool) -> Ending {
        switch reply {
        case let .respond(status, headers, body):
            return sendResponse(status: status, headers: headers, body: body, request: request, keepAlive: keepAlive) {
                Socket.sendAll(fd, $0)
            }

        case let .delayed(seconds, then):
            if core.waitForStop(seconds: seconds) { return .closeNow }
            return perform(then, for: request, keepAlive: keepAlive)

        case .hang:
            return hang()

        case let .resetMidBody(status, headers, body, sentBytes):
            let head = responseHead(status: status, headers: replacingContentLength(headers, with: body.count))
            let count = min(max(sentBytes, 0), body.count)
            if Socket.sendAll(fd, head + body.prefix(count)) {
                // Let what was sent reach the client before the RST discards our send queue.
                Socket.waitUntilSent(fd, timeout: 0.2)
            }
            return .reset

        case let .truncated(status, headers, body, declaredLength):
            let head = responseHead(status: status, headers: replacingContentLength(headers, with: declaredLength))
            return Socket.sendAll(fd, head + body) ? .closeGracefully : .closeNow

        case let .drip(status, headers, body, bytesPerChunk, interval):
            let step = max(bytesPerChunk, 1)
            return sendResponse(status: status, headers: headers, body: body, request: request, keepAlive: keepAlive) { bytes in
                let head = bytes.count - (sendsBody(status: status, request: request) ? body.count : 0)
                guard Socket.sendAll(fd, Array(bytes[..<head])) else { return false }
                var offset = head
                while offset < bytes.count {
                    if interval > 0 && core.waitForStop(seconds: interval) { return false }
                    let end = min(offset + step, bytes.count)
                    guard Socket.sendAll(fd, Array(bytes[offset..<end])) else { return false }
                    offset = end
                }
                return true
            }

        case .closeWithoutResponse:
            return .closeGracefully
        }
    }

    private func sendsBody(status: Int, request: LoopbackRequest) -> Bool {
        !Self.isBodiless(status) && request.method != "HEAD"
    }

    private static func isBodiless(_ status: Int) -> Bool {
        (100...199).contains(status) || status == 204 || status == 304
    }

    /// Builds a complete response (automatic Content-Length and Connection headers), hands
    /// its bytes to `transmit`, and says how the connection goes on.
    private func sendResponse(
        status: Int,
        headers: [(String, String)],
        body: [UInt8],
        request: LoopbackRequest,
        keepAlive: Bool,
        transmit: ([UInt8]) -> Bool
    ) -> Ending {
        let bodiless = Self.isBodiless(status)
        var all = headers
        let declared = headers.first { asciiLowercased($0.0) == "content-length" }
        let hasTransferEncoding = headers.contains { asciiLowercased($0.0) == "transfer-encoding" }
        if !bodiless && declared == nil && !hasTransferEncoding {
            all.append(("Content-Length", "\(body.count)"))
        }
        var close = !keepAlive || hasToken(headers, "connection", "close")
        let sendsBody = sendsBody(status: status, request: request)
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
        let bytes = responseHead(status: status, headers: all) + (sendsBody ? body : [])
        guard transmit(bytes) else { return .closeNow }
        return close ? .closeGracefully : .keepAlive
    }

    private func replacingContentLength(_ headers: [(String, String)], with length: Int) -> [(String, String)] {
        headers.filter { asciiLowercased($0.0) != "content-length" } + [("Content-Length", "\(length)")]
    }

    /// "HTTP/1.1 <status> <reason>", one line per header (repeated names stay separate lines), blank line.
    private func responseHead(status: Int, headers: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(LoopbackReply.reasonPhrase(for: status))\r\n"
        for (name, value) in headers {
            text += "\(name.strippingLineBreaks()): \(value.strippingLineBreaks())\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// Reads (and discards) whatever the client sends until it closes or the server stops.
    private func hang() -> Ending {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while waitReadable(fd, orStop: core.stopSignal) == .readable {
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return .closeNow }
        }
        return .closeNow
    }

    /// FIN first, then read what the client still sends (up to a second, or until stop), then close:
    /// closing with unread data would turn the FIN into an RST and could destroy the response.
    private func lingeringClose() {
        _ = shutdown(fd, Int32(SHUT_WR))
        let deadline = monotonicNow() + 1
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: core.stopSignal, events: Int16(POLLIN), revents: 0),
        ]
        var scratch = [UInt8](repeating: 0, count: 4096)
        while monotonicNow() < deadline {
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, 2, millisecondsUntil(deadline))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 || fds[1].revents != 0 { return }
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
        }
    }

    // MARK: - Reading requests

    /// Appends what the socket has to `buffer`; throws `.closed` on EOF, error or stop.
    private func fill() throws {
        while true {
            guard waitReadable(fd, orStop: core.stopSignal) == .readable else { throw ReadFailure.closed }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return
            }
            if count < 0 && errno == EINTR { continue }
            throw ReadFailure.closed
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

    private func readRequest() throws -> (LoopbackRequest, keepAlive: Bool) {
        // The header section.
        var scanned = 0
        var end: Int?
        while true {
            // Empty lines before a request line are allowed (RFC 9112 §2.2).
            let leading = buffer.prefix { $0 == 13 || $0 == 10 }.count
            if leading > 0 {
                buffer.removeFirst(leading)
                scanned = 0
            }
            end = headerEnd(searchingFrom: scanned - 2)
            if let end {
                if end > Self.maxHeaderBytes { throw ReadFailure.reject(431) }
                break
            }
            if buffer.count > Self.maxHeaderBytes { throw ReadFailure.reject(431) }
            scanned = buffer.count
            try fill()
        }
        guard let headerLength = end else { throw ReadFailure.closed }
        // Split on LF bytes (not Characters: "\r\n" is one Character in Swift), dropping a CR before each.
        var lines = buffer[..<headerLength].split(separator: 10, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
        }
        buffer.removeFirst(headerLength)
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard let requestLine = lines.first else { throw ReadFailure.reject(400) }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { throw ReadFailure.reject(400) }
        let method = String(parts[0])
        let target = String(parts[1])
        let version = String(parts[2])
        guard version.hasPrefix("HTTP/") else { throw ReadFailure.reject(400) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw ReadFailure.reject(505) }

        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            if let first = line.first, first == " " || first == "\t" {
                // Obsolete line folding: continue the previous value.
                guard let previous = headers.popLast() else { throw ReadFailure.reject(400) }
                headers.append((previous.name, previous.value + " " + String(line).trimmingSpaces()))
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { throw ReadFailure.reject(400) }
            let name = String(line[..<colon])
            guard !name.isEmpty, !name.contains(" "), !name.contains("\t") else { throw ReadFailure.reject(400) }
            let value = String(line[line.index(after: colon)...]).trimmingSpaces()
            headers.append((name, value))
        }

        var probe = LoopbackRequest(method: method, path: target, headers: headers, version: version)
        let keepAlive: Bool
        if version == "HTTP/1.0" {
            keepAlive = hasToken(probe.headers, "connection", "keep-alive")
        } else {
            keepAlive = !hasToken(probe.headers, "connection", "close")
        }

        // The body, read whole and kept.
        let transferEncodings = probe.headerValues("Transfer-Encoding")
        let lengths = probe.headerValues("Content-Length")
        var body: [UInt8] = []
        if !transferEncodings.isEmpty {
            let codings = transferEncodings.joined(separator: ",")
                .split(separator: ",").map { asciiLowercased(String($0).trimmingSpaces()) }
            guard codings.last == "chunked" else { throw ReadFailure.reject(501) }
            sendContinueIfExpected(probe)
            body = try readChunkedBody()
        } else if !lengths.isEmpty {
            let values = Set(lengths.flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces() } })
            guard values.count == 1, let text = values.first, !text.isEmpty,
                  text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { throw ReadFailure.reject(400) }
            guard text.count <= 9, let length = Int(text) else { throw ReadFailure.reject(413) }
            guard length <= Self.maxBodyBytes else { throw ReadFailure.reject(413) }
            if length > 0 {
                sendContinueIfExpected(probe)
                while buffer.count < length { try fill() }
                body = Array(buffer[..<length])
                buffer.removeFirst(length)
            }
        }
        probe = LoopbackRequest(method: method, path: target, headers: headers, body: body, version: version)
        return (probe, keepAlive)
    }

    /// Answers "Expect: 100-continue" (libcurl waits for it before sending a large body).
    private func sendContinueIfExpected(_ request: LoopbackRequest) {
        guard request.version == "HTTP/1.1", buffer.isEmpty,
              let expect = request.header("Expect"),
              asciiLowercased(expect.trimmingSpaces()) == "100-continue" else { return }
        _ = Socket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }

    /// One line from `buffer` (without CR LF), reading more as needed.
    private func readLine() throws -> [UInt8] {
        var scanned = 0
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 10) {
                var line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                if line.last == 13 { line.removeLast() }
                return line
            }
            if buffer.count > Self.maxChunkLineBytes { throw ReadFailure.reject(400) }
            scanned = buffer.count
            try fill()
        }
    }

    private func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine()
            let sizeText = String(decoding: line.prefix { $0 != 59 }, as: UTF8.self).trimmingSpaces()  // ';'
            guard !sizeText.isEmpty, sizeText.count <= 8, let size = Int(sizeText, radix: 16), size >= 0 else {
                throw ReadFailure.reject(400)
            }
            if size == 0 {
                // Trailer fields, up to the blank line; ignored.
                var trailerBytes = 0
                while true {
                    let trailer = try readLine()
                    if trailer.isEmpty { return body }
                    trailerBytes += trailer.count
                    if trailerBytes > Self.maxHeaderBytes { throw ReadFailure.reject(431) }
                }
            }
            guard body.count + size <= Self.maxBodyBytes else { throw ReadFailure.reject(413) }
            while buffer.count < size { try fill() }
            body.append(contentsOf: buffer[..<size])
            buffer.removeFirst(size)
            guard try readLine().isEmpty else { throw ReadFailure.reject(400) }
        }
    }
}

/// Whether any `name` header (lowercase name; compared case-insensitively) lists `token` in its
/// comma-separated value.
func hasToken(_ headers: [(String, String)], _ name: String, _ token: String) -> Bool {
    headers.contains { header in
        asciiLowercased(header.0) == name
            && header.1.split(separator: ",").contains { asciiLowercased(String($0).trimmingSpaces()) == token }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end && (bytes[start] == 32 || bytes[start] == 9) { start += 1 }
        while end > start && (bytes[end - 1] == 32 || bytes[end - 1] == 9) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// CR and LF replaced by spaces, so a header cannot break the framing.
    func strippingLineBreaks() -> String {
        String(decoding: utf8.map { $0 == 13 || $0 == 10 ? 32 : $0 }, as: UTF8.self)
    }
}
