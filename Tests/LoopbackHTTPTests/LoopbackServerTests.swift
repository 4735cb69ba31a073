#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LoopbackHTTP
import XCTest

final class LoopbackServerTests: XCTestCase {

    // MARK: - Plain responses

    func test_respond_sendsStatusHeadersAndBody() throws {
        let server = try LoopbackServer { _ in
            .respond(status: 201, headers: [("X-Trace", "abc"), ("Content-Type", "text/plain")], body: Array("hello".utf8))
        }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/items")

        let response = try client.readResponse()
        XCTAssertEqual(response.statusLine, "HTTP/1.1 201 Created")
        XCTAssertEqual(response.header("X-Trace"), "abc")
        XCTAssertEqual(response.header("Content-Type"), "text/plain")
        XCTAssertEqual(response.header("Content-Length"), "5")
        XCTAssertNil(response.header("Connection"), "a keep-alive response needs no Connection header")
        XCTAssertEqual(response.text, "hello")
    }

    func test_respond_keepsAHandlerSuppliedContentLength() throws {
        let server = try LoopbackServer { _ in
            .respond(status: 200, headers: [("content-length", "3")], body: Array("abc".utf8))
        }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/")
        let response = try client.readResponse()
        XCTAssertEqual(response.headerValues("Content-Length"), ["3"])
        XCTAssertEqual(response.text, "abc")
    }

    func test_repeatedHeaderNames_goOutAsSeparateLines() throws {
        let server = try LoopbackServer { _ in
            .respond(status: 200, headers: [
                ("Set-Cookie", "a=1"), ("X-Multi", "one"), ("Set-Cookie", "b=2"), ("X-Multi", "two"),
            ])
        }
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/")
        let response = try client.readResponse()
        XCTAssertEqual(response.headerValues("Set-Cookie"), ["a=1", "b=2"])
        XCTAssertEqual(response.headerValues("X-Multi"), ["one", "two"])
        XCTAssertTrue(response.rawHead.contains("\r\nSet-Cookie: a=1\r\n"))
        XCTAssertTrue(response.rawHead.contains("\r\nX-Multi: two\r\n"))
    }

    func test_reasonPhrases() throws {
        XCTAssertEqual(LoopbackReply.reasonPhrase(for: 200), "OK")
        XCTAssertEqual(LoopbackReply.reasonPhrase(for: 404), "Not Found")
        XCTAssertEqual(LoopbackReply.reasonPhrase(for: 418), "I'm a teapot")
        XCTAssertEqual(LoopbackReply.reasonPhrase(for: 503), "Service Unavailable")
        XCTAssertEqual(LoopbackReply.reasonPhrase(for: 299), "Success")
        XCTAssertEqual(LoopbackReply.reasonPhrase(for: 599), "Server Error")

        let server = try LoopbackServer(handler: LoopbackRoutes.serving([
            "/teapot": .status(418),
            "/odd": .status(299, "odd"),
            "/gone": .status(410),
        ]))
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        for (path, line) in [
            ("/teapot", "HTTP/1.1 418 I'm a teapot"), ("/odd", "HTTP/1.1 299 Success"), ("/gone", "HTTP/1.1 410 Gone"),
        ] {
            try client.sendRequest(path)
            XCTAssertEqual(try client.readResponse().statusLine, line)
        }
    }

    func test_convenienceReplies() throws {
        let server = try LoopbackServer(handler: LoopbackRoutes.serving([
            "/json": .ok(#"{"a":1}"#),
            "/moved": .redirect(to: "/json"),
            "/perm": .redirect(to: "http://example.invalid/x", status: 301),
        ]))
        defer { server.stop() }
        let client = try RawClient(port: server.port)

        try client.sendRequest("/json")
        let json = try client.readResponse()
        XCTAssertEqual(json.status, 200)
        XCTAssertEqual(json.header("Content-Type"), "application/json")
        XCTAssertEqual(json.text, #"{"a":1}"#)

        try client.sendRequest("/moved")
        let moved = try client.readResponse()
        XCTAssertEqual(moved.statusLine, "HTTP/1.1 302 Found")
        XCTAssertEqual(moved.header("Location"), "/json")
        XCTAssertEqual(moved.header("Content-Length"), "0")

        try client.sendRequest("/perm")
        let permanent = try client.readResponse()
        XCTAssertEqual(permanent.statusLine, "HTTP/1.1 301 Moved Permanently")
        XCTAssertEqual(permanent.header("Location"), "http://example.invalid/x")

        try client.sendRequest("/elsewhere")
        XCTAssertEqual(try client.readResponse().status, 404)
    }

    func test_headAnd204_sendNoBody() throws {
        let server = try LoopbackServer(handler: LoopbackRoutes.serving([
            "/doc": .ok("0123456789", contentType: "text/plain"),
            "/empty": .respond(status: 204, body: Array("ignored".utf8)),
        ]))
        defer { server.stop() }
        let client = try RawClient(port: server.port)

        try client.sendRequest("HEAD", "/doc")
        let head = try client.readResponse(forHead: true)
        XCTAssertEqual(head.header("Content-Length"), "10")

        try client.sendRequest("GET", "/empty")
        let empty = try client.readResponse()
        XCTAssertEqual(empty.statusLine, "HTTP/1.1 204 No Content")
        XCTAssertNil(empty.header("Content-Length"))

        // Nothing stray was sent: the next response on the connection parses cleanly.
        try client.sendRequest("GET", "/doc")
        XCTAssertEqual(try client.readResponse().text, "0123456789")
    }

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
        XCTAssertEqual(openDescriptorCount(), before)
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
