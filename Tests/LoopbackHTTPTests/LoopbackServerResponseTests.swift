import FeedPlatform
import LoopbackHTTP
import XCTest

final class LoopbackServerResponseTests: XCTestCase {
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
}
