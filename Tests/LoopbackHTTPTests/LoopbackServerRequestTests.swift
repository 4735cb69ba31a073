import FeedPlatform
import LoopbackHTTP
import XCTest

final class LoopbackServerRequestTests: XCTestCase {
    // MARK: - Connections

    func test_keepAlive_servesSeveralRequestsOnOneConnection() throws {
        let server = try LoopbackServer { request in .ok("you asked for \(request.path)", contentType: "text/plain") }
        defer { server.stop() }
        let client = try RawClient(port: server.port)

        try client.sendRequest("/one")
        XCTAssertEqual(try client.readResponse().text, "you asked for /one")
        try client.sendRequest("/two")
        XCTAssertEqual(try client.readResponse().text, "you asked for /two")

        // Pipelined: both requests in one write.
        try client.send("GET /three HTTP/1.1\r\nHost: x\r\n\r\nGET /four HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "you asked for /three")
        XCTAssertEqual(try client.readResponse().text, "you asked for /four")

        XCTAssertEqual(server.requests.map(\.path), ["/one", "/two", "/three", "/four"])
    }

    func test_connectionClose_isAnsweredAndHonoured() throws {
        let server = try LoopbackServer { _ in .ok("bye", contentType: "text/plain") }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/", headers: ["Connection: close"])
        let response = try client.readResponse()
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(response.text, "bye")
        let rest = try client.readUntilClose()
        XCTAssertEqual(rest.bytes, [])
        XCTAssertNil(rest.error)
    }

    func test_http10_closesUnlessKeepAliveAsked() throws {
        let server = try LoopbackServer { _ in .ok("x", contentType: "text/plain") }
        defer { server.stop() }

        let plain = try RawClient(port: server.port)
        try plain.send("GET / HTTP/1.0\r\n\r\n")
        XCTAssertEqual(try plain.readResponse().header("Connection"), "close")
        XCTAssertEqual(try plain.readUntilClose().bytes, [])

        let keeping = try RawClient(port: server.port)
        try keeping.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(try keeping.readResponse().header("Connection"), "keep-alive")
        try keeping.send("GET /again HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(try keeping.readResponse().text, "x")
    }

    // MARK: - Requests

    func test_requests_recordMethodPathHeadersAndBody() throws {
        let server = try LoopbackServer { request in
            // Recorded before the handler runs.
            XCTAssertTrue(request.method == "GET" || request.method == "POST")
            return .respond(status: 200)
        }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.sendRequest("GET", "/v1/feed?after=3", headers: ["Accept: application/json", "X-Dup: 1", "x-dup: 2"])
        _ = try client.readResponse()
        try client.sendRequest("POST", "/v1/comments", headers: ["Content-Type: text/plain"], body: "hi there")
        _ = try client.readResponse()

        let requests = server.requests
        XCTAssertEqual(requests.count, 2)
        XCTAssertEqual(requests[0].method, "GET")
        XCTAssertEqual(requests[0].path, "/v1/feed?after=3")
        XCTAssertEqual(requests[0].pathWithoutQuery, "/v1/feed")
        XCTAssertEqual(requests[0].query, "after=3")
        XCTAssertEqual(requests[0].header("accept"), "application/json")
        XCTAssertEqual(requests[0].header("HOST"), "127.0.0.1")
        XCTAssertEqual(requests[0].header("X-DUP"), "1")
        XCTAssertEqual(requests[0].headerValues("x-dup"), ["1", "2"])
        XCTAssertEqual(requests[0].headers.map(\.name), ["Host", "Accept", "X-Dup", "x-dup"])
        XCTAssertNil(requests[0].header("Cookie"))
        XCTAssertEqual(requests[1].method, "POST")
        XCTAssertEqual(String(decoding: requests[1].body, as: UTF8.self), "hi there")

        XCTAssertEqual(server.requestCount(path: "/v1/feed"), 1)
        XCTAssertEqual(server.requestCount(path: "/v1/feed?after=3"), 1)
        XCTAssertEqual(server.requestCount(path: "/v1/feed?after=4"), 0)
        XCTAssertEqual(server.requestCount(path: "/v1/comments"), 1)
        XCTAssertEqual(server.url("/v1/feed"), "http://127.0.0.1:\(server.port)/v1/feed")
        XCTAssertEqual(server.baseURL, "http://127.0.0.1:\(server.port)")
    }

    func test_chunkedBodyAndExpectContinue() throws {
        let server = try LoopbackServer { request in .ok(String(decoding: request.body, as: UTF8.self), contentType: "text/plain") }
        defer { server.stop() }
        let client = try RawClient(port: server.port)

        try client.send("POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "hello world")

        try client.send("POST /e HTTP/1.1\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        let interim = try client.readResponse()
        XCTAssertEqual(interim.statusLine, "HTTP/1.1 100 Continue")
        try client.send("body")
        XCTAssertEqual(try client.readResponse().text, "body")
    }

    func test_malformedRequests_areRejected() throws {
        let server = try LoopbackServer { _ in .respond(status: 200) }
        defer { server.stop() }

        let garbage = try RawClient(port: server.port)
        try garbage.send("this is not http\r\n\r\n")
        let bad = try garbage.readResponse()
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.header("Connection"), "close")
        XCTAssertEqual(try garbage.readUntilClose().bytes, [])

        let future = try RawClient(port: server.port)
        try future.send("GET / HTTP/2.0\r\n\r\n")
        XCTAssertEqual(try future.readResponse().status, 505)

        let badLength = try RawClient(port: server.port)
        try badLength.send("POST / HTTP/1.1\r\nContent-Length: ten\r\n\r\n")
        XCTAssertEqual(try badLength.readResponse().status, 400)

        let huge = try RawClient(port: server.port)
        let filler = String(repeating: "a", count: 1000)
        var request = "GET / HTTP/1.1\r\n"
        for index in 0..<70 { request += "X-Filler-\(index): \(filler)\r\n" }
        try? huge.send(request + "\r\n")
        let tooLarge = try huge.readResponse()
        XCTAssertEqual(tooLarge.statusLine, "HTTP/1.1 431 Request Header Fields Too Large")

        XCTAssertEqual(server.requests.count, 0, "rejected requests are not recorded")
    }
}
