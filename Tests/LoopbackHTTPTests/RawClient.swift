import FeedPlatform
import XCTest

/// A minimal HTTP client on a raw socket, so the tests see exactly what the server sends.
final class RawClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    enum ReadResult: Equatable {
        case data([UInt8])
        case eof
        case error(Int32)
        case timeout
    }

    struct Response {
        let statusLine: String
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]
        /// The head exactly as received (status line, header lines, blank line).
        let rawHead: String

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        func headerValues(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let fd: Int32
    private(set) var isClosed = false
    /// Received and not yet consumed.
    var pending: [UInt8] = []

    init(port: UInt16) throws {
        do {
            fd = try SocketCalls.open(domain: AF_INET, type: Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
        } catch {
            throw Failure(description: "socket: errno \(error.code)")
        }
        do {
            // An interrupted connect goes on: wait for it, as for a non-blocking one.
            if try !SocketCalls.connect(fd, to: loopbackAddress(port: port)) {
                while try FileDescriptor.poll(fd, for: Int16(POLLOUT), milliseconds: -1) == 0 {}
                let failure = try SocketCalls.pendingError(fd)
                if failure != 0 { throw SystemError(code: failure) }
            }
        } catch {
            FileDescriptor.close(fd)
            throw Failure(description: "connect: \(error)")
        }
    }

    deinit { close() }

    func close() {
        if !isClosed {
            isClosed = true
            FileDescriptor.close(fd)
        }
    }

    /// Closes with RST instead of FIN.
    func abort() {
        try? SocketCalls.setOption(SO_LINGER, level: SOL_SOCKET, of: fd, to: linger(l_onoff: 1, l_linger: 0))
        close()
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                Result { () throws(SystemError) in try SocketCalls.send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...])) }
            }
            do {
                offset += try sent.get()
            } catch {
                throw Failure(description: "send: \(error)")
            }
        }
    }

    /// "GET path HTTP/1.1" with a Host header and `headers`.
    func sendRequest(_ path: String, headers: [String] = [], body: String? = nil) throws {
        try sendRequest("GET", path, headers: headers, body: body)
    }

    /// "METHOD path HTTP/1.1" with a Host header, `headers` and, with a `body`, its Content-Length.
    func sendRequest(_ method: String, _ path: String, headers: [String] = [], body: String? = nil) throws {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for line in headers { text += line + "\r\n" }
        if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
        text += "\r\n"
        if let body { text += body }
        try send(text)
    }

    /// One recv of what has arrived, waiting at most `timeout` seconds. Consumes `pending` first.
    func readSome(timeout: Double) -> ReadResult {
        if !pending.isEmpty {
            defer { pending = [] }
            return .data(pending)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // A signal ends a poll early: look again until the deadline.
            let left = max(deadline.timeIntervalSinceNow, 0)
            do {
                if try FileDescriptor.poll(fd, for: Int16(POLLIN), milliseconds: Int32((left * 1000).rounded(.up))) != 0 { break }
            } catch {
                return .error(error.code)
            }
            if left == 0 { return .timeout }
        }
        switch receiveChunk() {
        case .success(let chunk): return chunk.isEmpty ? .eof : .data(chunk)
        case .failure(let error): return .error(error.code)
        }
    }

    /// Everything until the server closes: the bytes and, if the close was an error (e.g. ECONNRESET), its errno.
    func readUntilClose(timeout: Double = 3) throws -> (bytes: [UInt8], error: Int32?) {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { throw Failure(description: "timed out waiting for the server to close") }
            switch readSome(timeout: left) {
            case .data(let chunk): bytes += chunk
            case .eof: return (bytes, nil)
            case .error(let code): return (bytes, code)
            case .timeout: throw Failure(description: "timed out waiting for the server to close")
            }
        }
    }

    /// Reads bytes into `pending` until `predicate` holds.
    private func fill(until predicate: ([UInt8]) -> Bool, deadline: Date) throws {
        while !predicate(pending) {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { throw Failure(description: "timed out; have \(pending.count) bytes") }
            // A failed poll: let recv say why.
            let ready = (try? FileDescriptor.poll(fd, for: Int16(POLLIN), milliseconds: Int32(left * 1000) + 1)) ?? Int16(POLLERR)
            if ready == 0 { continue }
            switch receiveChunk() {
            case .success(let chunk) where chunk.isEmpty:
                throw Failure(description: "connection closed; have \(pending.count) bytes")
            case .success(let chunk):
                pending += chunk
            case .failure(let error):
                throw Failure(description: "recv: \(error)")
            }
        }
    }

    /// One recv of up to 64 KiB: the bytes, none once the server closed.
    private func receiveChunk() -> Result<[UInt8], SystemError> {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { raw in
            Result { () throws(SystemError) in try SocketCalls.receive(fd, into: raw) }
        }
        return count.map { Array(chunk[..<$0]) }
    }

    /// Reads one response: the head, then a body of Content-Length bytes (none for HEAD or if `headOnly`).
    func readResponse(timeout: Double = 3, forHead headOnly: Bool = false) throws -> Response {
        let deadline = Date().addingTimeInterval(timeout)
        let terminator: [UInt8] = [13, 10, 13, 10]
        func headEnd(_ bytes: [UInt8]) -> Int? {
            guard bytes.count >= 4 else { return nil }
            for index in 0...(bytes.count - 4) where Array(bytes[index..<index + 4]) == terminator {
                return index + 4
            }
            return nil
        }
        try fill(until: { headEnd($0) != nil }, deadline: deadline)
        guard let end = headEnd(pending) else { throw Failure(description: "no head") }
        let rawHead = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeFirst(end)
        let lines = rawHead.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard let statusLine = lines.first else { throw Failure(description: "empty head") }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw Failure(description: "bad status line \(statusLine)")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "bad header \(line)") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var body: [UInt8] = []
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        if !headOnly && length > 0 {
            try fill(until: { $0.count >= length }, deadline: deadline)
            body = Array(pending[..<length])
            pending.removeFirst(length)
        }
        return Response(statusLine: statusLine, status: status, headers: headers, body: body, rawHead: rawHead)
    }
}

/// Whether something listens on 127.0.0.1:`port`.
func isListening(_ port: UInt16) -> Bool {
    (try? RawClient(port: port)) != nil
}

/// How many descriptors this process has open.
func openDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// Whether this process's descriptors drop to at most `count` within `timeout` seconds. A stopped
/// server's stop signal is closed by its deinit, which can run on its last thread just after
/// `stop()` returned: a count taken at once can be one or two too high under load.
func descriptorsSettle(atMost count: Int, timeout: Double = 2) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while openDescriptorCount() > count {
        if Date() >= deadline { return false }
        usleep(5000)
    }
    return true
}

/// 127.0.0.1:`port`.
func loopbackAddress(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
    return address
}
