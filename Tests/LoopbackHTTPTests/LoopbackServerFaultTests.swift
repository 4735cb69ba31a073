import FeedPlatform
import LoopbackHTTP
import XCTest

final class LoopbackServerFaultTests: XCTestCase {
    // MARK: - Faults

    func test_hang_answersNothing_andStopEndsItPromptly() throws {
        let server = try LoopbackServer { _ in .hang }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/slow")
        XCTAssertTrue(server.waitForRequests(1, timeout: 2))
        XCTAssertEqual(client.readSome(timeout: 0.2), .timeout)

        let started = Date()
        server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        let end = try client.readUntilClose(timeout: 1)
        XCTAssertEqual(end.bytes, [])
    }

    func test_delayed_waitsThenAnswers_andStopCutsTheWaitShort() throws {
        let server = try LoopbackServer(handler: LoopbackRoutes.serving([
            "/short": .delayed(seconds: 0.15, then: .ok("late", contentType: "text/plain")),
            "/long": .delayed(seconds: 30, then: .ok("never")),
        ]))
        let client = try RawClient(port: server.port)
        let started = Date()
        try client.sendRequest("/short")
        XCTAssertEqual(try client.readResponse().text, "late")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.14)

        let waiting = try RawClient(port: server.port)
        try waiting.sendRequest("/long")
        XCTAssertTrue(server.waitForRequests(2, timeout: 2))
        let stopping = Date()
        server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(stopping), 1)
        XCTAssertEqual(try waiting.readUntilClose(timeout: 1).bytes, [])
    }

    func test_resetMidBody_endsWithResetOrShortRead() throws {
        let body = [UInt8](repeating: 65, count: 1000)
        let server = try LoopbackServer { _ in .resetMidBody(status: 200, body: body, sentBytes: 100) }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/")
        let (bytes, error) = try client.readUntilClose()
        let text = String(decoding: bytes, as: UTF8.self)
        if !bytes.isEmpty {
            XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            XCTAssertTrue(text.contains("Content-Length: 1000\r\n"))
        }
        let received = text.components(separatedBy: "\r\n\r\n").dropFirst().joined().utf8.count
        XCTAssertLessThan(received, 1000)
        XCTAssertTrue(error == ECONNRESET || received < 1000, "error \(String(describing: error)), \(received) body bytes")
        XCTAssertEqual(error, ECONNRESET, "loopback delivers the RST")
    }

    func test_truncated_closesAfterFewerBytesThanDeclared() throws {
        let server = try LoopbackServer { _ in
            .truncated(status: 200, headers: [("Content-Length", "999")], body: Array("0123456789".utf8), declaredLength: 100)
        }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/")
        let (bytes, error) = try client.readUntilClose()
        XCTAssertNil(error, "a normal close (FIN)")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        XCTAssertTrue(text.contains("\r\nContent-Length: 100\r\n"))
        XCTAssertFalse(text.contains("999"), "the declared length replaces the handler's")
        XCTAssertTrue(text.hasSuffix("\r\n\r\n0123456789"))
    }

    func test_drip_deliversTheBodyInTimedChunks() throws {
        let server = try LoopbackServer { _ in
            .drip(status: 200, body: Array("abcdef".utf8), bytesPerChunk: 2, interval: 0.08)
        }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let started = Date()
        try client.sendRequest("/")
        let head = try client.readResponse(forHead: true)
        XCTAssertEqual(head.header("Content-Length"), "6")

        var body: [UInt8] = client.pending
        client.pending = []
        var reads = body.isEmpty ? 0 : 1
        while body.count < 6 {
            guard case .data(let chunk) = client.readSome(timeout: 2) else { return XCTFail("body ended early: \(body)") }
            body += chunk
            reads += 1
        }
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "abcdef")
        XCTAssertGreaterThanOrEqual(reads, 2, "arrived in pieces")
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.2)

        // The connection stays usable.
        try client.sendRequest("/")
        XCTAssertEqual(try client.readResponse(forHead: true).status, 200)
    }

    func test_closeWithoutResponse_sendsNothing() throws {
        let server = try LoopbackServer { _ in .closeWithoutResponse }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/")
        let (bytes, error) = try client.readUntilClose()
        XCTAssertEqual(bytes, [])
        XCTAssertNil(error)
        XCTAssertEqual(server.requestCount(path: "/"), 1)
    }

    func test_clientVanishingMidResponse_doesNotHurtTheServer() throws {
        let big = [UInt8](repeating: 120, count: 8 * 1024 * 1024)
        let server = try LoopbackServer(handler: LoopbackRoutes.serving([
            "/big": .respond(status: 200, body: big),
            "/drip": .drip(status: 200, body: big, bytesPerChunk: 1024 * 1024, interval: 0.01),
            "/small": .ok("fine", contentType: "text/plain"),
        ]))
        defer { server.stop() }
        for path in ["/big", "/drip", "/big"] {
            let client = try RawClient(port: server.port)
            try client.sendRequest(path)
            _ = client.readSome(timeout: 1)
            client.abort()
        }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/small")
        XCTAssertEqual(try client.readResponse().text, "fine")
    }
}
