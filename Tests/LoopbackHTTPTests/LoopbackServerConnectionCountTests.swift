import FeedPlatform
import LoopbackHTTP
import XCTest

final class LoopbackServerConnectionCountTests: XCTestCase {
    func test_connectionCount_countsOneForSeveralKeepAliveRequests() throws {
        let server = try LoopbackServer { request in .ok(request.path, contentType: "text/plain") }
        defer { server.stop() }
        XCTAssertEqual(server.connectionCount, 0)
        let client = try RawClient(port: server.port)
        for index in 0..<5 {
            try client.sendRequest("/\(index)")
            XCTAssertEqual(try client.readResponse().text, "/\(index)")
        }
        XCTAssertEqual(server.connectionCount, 1)
        XCTAssertEqual(server.requests.count, 5)
    }

    func test_connectionCount_countsEveryFreshConnection() throws {
        let server = try LoopbackServer { _ in .ok("x", contentType: "text/plain") }
        defer { server.stop() }
        for _ in 0..<4 {
            let client = try RawClient(port: server.port)
            try client.sendRequest("/")
            _ = try client.readResponse()
            client.close()
        }
        // Connections that send nothing count too: they were accepted.
        let silent = try RawClient(port: server.port)
        XCTAssertTrue(waitFor { server.connectionCount == 5 }, "\(server.connectionCount)")
        silent.close()
        XCTAssertEqual(server.requests.count, 4)
    }

    func test_connectionCount_countsClosedConnectionsAfterConnectionClose() throws {
        let server = try LoopbackServer { _ in .ok("x", contentType: "text/plain") }
        defer { server.stop() }
        for _ in 0..<3 {
            let client = try RawClient(port: server.port)
            try client.sendRequest("/", headers: ["Connection: close"])
            _ = try client.readResponse()
            _ = try client.readUntilClose()
        }
        XCTAssertEqual(server.connectionCount, 3)
    }

    func test_keepAlive_anIdleConnectionIsStillServedAfterAPause() throws {
        let server = try LoopbackServer { request in .ok(request.path, contentType: "text/plain") }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/first")
        XCTAssertEqual(try client.readResponse().text, "/first")

        XCTAssertEqual(client.readSome(timeout: 1.5), .timeout, "the server neither closed nor sent anything while idle")
        try client.sendRequest("/second")
        XCTAssertEqual(try client.readResponse().text, "/second")
        XCTAssertEqual(server.connectionCount, 1)
    }

    private func waitFor(timeout: Double = 2, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            usleep(2000)
        }
        return true
    }
}
