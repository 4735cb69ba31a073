import FeedPlatform
import LoopbackHTTP
import XCTest

final class LoopbackServerLifecycleTests: XCTestCase {
    // MARK: - Lifecycle

    func test_stop_isIdempotent_andFreesThePort() throws {
        let server = try LoopbackServer { _ in .respond(status: 200) }
        let port = server.port
        XCTAssertNotEqual(port, 0)
        let idle = try RawClient(port: port)
        try idle.sendRequest("/")
        _ = try idle.readResponse()

        server.stop()
        server.stop()
        XCTAssertFalse(isListening(port))
        XCTAssertEqual(try idle.readUntilClose(timeout: 1).bytes, [], "the idle keep-alive connection was closed")

        let again = try LoopbackServer(port: port) { _ in .ok("again", contentType: "text/plain") }
        defer { again.stop() }
        XCTAssertEqual(again.port, port)
        let client = try RawClient(port: port)
        try client.sendRequest("/")
        XCTAssertEqual(try client.readResponse().text, "again")
    }

    func test_busyPort_throws() throws {
        let server = try LoopbackServer { _ in .respond(status: 200) }
        defer { server.stop() }
        XCTAssertThrowsError(try LoopbackServer(port: server.port) { _ in .respond(status: 200) }) { error in
            let failure = error as? LoopbackServerError
            XCTAssertEqual(failure?.code, EADDRINUSE)
            XCTAssertEqual(failure?.description, "cannot bind 127.0.0.1:\(server.port): Address already in use")
        }
    }

    func test_deinit_stopsTheServer() throws {
        var server: LoopbackServer? = try LoopbackServer { _ in .hang }
        let port = try XCTUnwrap(server?.port)
        let client = try RawClient(port: port)
        try client.sendRequest("/")
        XCTAssertTrue(server?.waitForRequests(1, timeout: 2) ?? false)
        server = nil
        XCTAssertFalse(isListening(port))
        XCTAssertEqual(try client.readUntilClose(timeout: 1).bytes, [])
    }

    func test_stopFromInsideAHandler_doesNotDeadlock() throws {
        let box = ServerBox()
        let server = try LoopbackServer { _ in
            box.server?.stop()
            return .ok("after stop")
        }
        box.server = server
        let client = try RawClient(port: server.port)
        let started = Date()
        try client.sendRequest("/")
        _ = try client.readUntilClose(timeout: 3)
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        // The client saw its connection close while the handler's stop() was still finishing;
        // a second stop() waits for that.
        server.stop()
        XCTAssertFalse(isListening(server.port))
        box.server = nil
    }

    func test_manyServers_leakNoDescriptors() throws {
        // Warm up whatever the first server allocates once (the accept4 lookup, thread stacks).
        try LoopbackServer { _ in .respond(status: 200) }.stop()
        let before = openDescriptorCount()
        for index in 0..<25 {
            let server = try LoopbackServer(handler: LoopbackRoutes.serving(["/hang": .hang], fallback: .ok("\(index)")))
            let answered = try RawClient(port: server.port)
            try answered.sendRequest("/")
            XCTAssertEqual(try answered.readResponse().text, "\(index)")
            let hanging = try RawClient(port: server.port)
            try hanging.sendRequest("/hang")
            XCTAssertTrue(server.waitForRequests(2, timeout: 2))
            server.stop()
            answered.close()
            hanging.close()
        }
        XCTAssertTrue(descriptorsSettle(atMost: before), "\(openDescriptorCount()) open, \(before) before")
    }

    func test_concurrentClients() throws {
        let server = try LoopbackServer { request in
            .delayed(seconds: 0.05, then: .ok(request.path, contentType: "text/plain"))
        }
        defer { server.stop() }
        let started = Date()
        let clients = try (0..<20).map { index -> RawClient in
            let client = try RawClient(port: server.port)
            try client.sendRequest("/c\(index)")
            return client
        }
        for (index, client) in clients.enumerated() {
            XCTAssertEqual(try client.readResponse().text, "/c\(index)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.9, "connections are served in parallel")
    }
}

private final class ServerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: LoopbackServer?
    var server: LoopbackServer? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
