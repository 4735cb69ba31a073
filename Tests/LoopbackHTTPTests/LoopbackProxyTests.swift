import FeedPlatform
import LoopbackHTTP
import XCTest

final class LoopbackProxyTests: XCTestCase {
    func test_forwardsAGet_andRelaysStatusHeadersAndBody() throws {
        let origin = try LoopbackServer { _ in
            .respond(status: 201, headers: [
                ("Content-Type", "text/plain"), ("X-Origin", "yes"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2"),
            ], body: Array("made".utf8))
        }
        defer { origin.stop() }
        let proxy = try LoopbackProxy()
        defer { proxy.stop() }
        XCTAssertEqual(proxy.baseURL, "http://127.0.0.1:\(proxy.port)")

        let client = try RawClient(port: proxy.port)
        try client.sendRequest(origin.url("/items?x=1"), headers: [
            "Proxy-Connection: Keep-Alive", "Proxy-Authorization: Basic dTpw", "X-Custom: 1",
            "Connection: X-Drop", "X-Drop: secret",
        ])
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.header("Content-Type"), "text/plain")
        XCTAssertEqual(response.header("X-Origin"), "yes")
        XCTAssertEqual(response.headerValues("Set-Cookie"), ["a=1", "b=2"])
        XCTAssertEqual(response.header("Via"), "1.1 loopback-proxy")
        XCTAssertEqual(response.headerValues("Content-Length"), ["4"])
        XCTAssertNil(response.header("Connection"), "the client's connection stays open")
        XCTAssertEqual(response.text, "made")
        XCTAssertEqual(proxy.requests, [origin.url("/items?x=1")])

        let forwarded = try XCTUnwrap(origin.requests.first)
        XCTAssertEqual(forwarded.method, "GET")
        XCTAssertEqual(forwarded.path, "/items?x=1", "origin form")
        XCTAssertEqual(forwarded.version, "HTTP/1.1")
        XCTAssertEqual(forwarded.headerValues("Host"), ["127.0.0.1:\(origin.port)"], "the URL's authority")
        XCTAssertEqual(forwarded.header("X-Custom"), "1")
        XCTAssertEqual(forwarded.header("Via"), "1.1 loopback-proxy")
        XCTAssertEqual(forwarded.header("Connection"), "close")
        for hopByHop in ["Proxy-Connection", "Proxy-Authorization", "X-Drop", "Keep-Alive", "Content-Length"] {
            XCTAssertNil(forwarded.header(hopByHop), hopByHop)
        }
    }

    func test_relaysAChunkedBody_deChunked() throws {
        let chunked = Array("4\r\nWiki\r\n5\r\npedia\r\n0\r\n\r\n".utf8)
        let origin = try LoopbackServer { _ in
            .respond(status: 200, headers: [("Transfer-Encoding", "chunked")], body: chunked)
        }
        defer { origin.stop() }
        let proxy = try LoopbackProxy()
        defer { proxy.stop() }
        let client = try RawClient(port: proxy.port)
        try client.sendRequest(origin.url("/wiki"))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertNil(response.header("Transfer-Encoding"))
        XCTAssertEqual(response.header("Content-Length"), "9")
        XCTAssertEqual(response.text, "Wikipedia")
    }

    func test_relaysABodyFramedByTheClose() throws {
        // No Content-Length and not chunked: the origin's body ends with its close.
        let origin = try LoopbackServer { _ in
            .respond(status: 200, headers: [("Transfer-Encoding", "identity")], body: Array("until close".utf8))
        }
        defer { origin.stop() }
        let proxy = try LoopbackProxy()
        defer { proxy.stop() }
        let client = try RawClient(port: proxy.port)
        try client.sendRequest(origin.url("/"))
        let response = try client.readResponse()
        XCTAssertEqual(response.header("Content-Length"), "11")
        XCTAssertEqual(response.text, "until close")
    }

    func test_keepsTheClientConnection_butOpensOneOriginConnectionPerRequest() throws {
        let origin = try LoopbackServer { request in .ok(request.path, contentType: "text/plain") }
        defer { origin.stop() }
        let proxy = try LoopbackProxy()
        defer { proxy.stop() }
        let client = try RawClient(port: proxy.port)
        for path in ["/1", "/2", "/3"] {
            try client.sendRequest(origin.url(path))
            XCTAssertEqual(try client.readResponse().text, path)
        }
        XCTAssertEqual(proxy.connectionCount, 1)
        XCTAssertEqual(origin.connectionCount, 3)
        XCTAssertEqual(proxy.requests, ["/1", "/2", "/3"].map(origin.url))
    }

    func test_forwardsAPostBody_andHeadKeepsTheOriginsLength() throws {
        let origin = try LoopbackServer { request in
            .ok("\(request.method) \(String(decoding: request.body, as: UTF8.self))", contentType: "text/plain")
        }
        defer { origin.stop() }
        let proxy = try LoopbackProxy()
        defer { proxy.stop() }
        let client = try RawClient(port: proxy.port)
        try client.sendRequest("POST", origin.url("/post"), headers: ["Expect: 100-continue"], body: "payload")
        var response = try client.readResponse()
        if response.status == 100 { response = try client.readResponse() }
        XCTAssertEqual(response.text, "POST payload")
        XCTAssertEqual(origin.requests.first?.header("Content-Length"), "7")
        XCTAssertNil(origin.requests.first?.header("Expect"), "the proxy answered the 100-continue itself")

        try client.sendRequest("HEAD", origin.url("/head"))
        let head = try client.readResponse(forHead: true)
        XCTAssertEqual(head.header("Content-Length"), "5", "the length of \"HEAD \" as the origin declared it")
        XCTAssertEqual(head.body, [])
        try client.sendRequest(origin.url("/after"))
        XCTAssertEqual(try client.readResponse().text, "GET ", "the HEAD response carried no body")
    }

    func test_refusesANonLoopbackOrigin_with502_withoutConnecting() throws {
        let proxy = try LoopbackProxy()
        defer { proxy.stop() }
        let client = try RawClient(port: proxy.port)
        let started = Date()
        // 10.255.255.1 does not answer: a connect to it would hang far longer than the limit below.
        let refused = ["http://example.com/feed", "http://10.255.255.1:9/", "http://127.0.0.2:8080/", "http://[::1]:80/"]
        for url in refused {
            try client.sendRequest(url)
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 502, url)
            XCTAssertTrue(response.text.hasPrefix("only 127.0.0.1 and localhost origins"), response.text)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        XCTAssertEqual(proxy.requests, refused)
    }

    func test_acceptsLocalhost_asTheLoopbackOrigin() throws {
        let origin = try LoopbackServer { request in .ok(request.header("Host") ?? "", contentType: "text/plain") }
        defer { origin.stop() }
        let proxy = try LoopbackProxy()
        defer { proxy.stop() }
        let client = try RawClient(port: proxy.port)
        try client.sendRequest("http://LocalHost:\(origin.port)")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "LocalHost:\(origin.port)")
        XCTAssertEqual(origin.requests.first?.path, "/")
    }

    func test_answersConnectOriginFormAndDeadOrigins() throws {
        let dead = try LoopbackServer { _ in .respond(status: 200) }
        let deadPort = dead.port
        dead.stop()
        let broken = try LoopbackServer { _ in .closeWithoutResponse }
        defer { broken.stop() }
        let proxy = try LoopbackProxy()
        defer { proxy.stop() }

        let client = try RawClient(port: proxy.port)
        let cases: [(String, String, Int)] = [
            ("GET", "http://127.0.0.1:\(deadPort)/", 502),
            ("GET", broken.url("/"), 502),
            ("GET", "/origin-form", 400),
            ("GET", "https://127.0.0.1:1/", 400),
            ("GET", "http://127.0.0.1:99999/", 400),
        ]
        for (method, target, status) in cases {
            try client.sendRequest(method, target)
            XCTAssertEqual(try client.readResponse().status, status, target)
        }
        let tunnel = try RawClient(port: proxy.port)
        try tunnel.send("CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n")
        XCTAssertEqual(try tunnel.readResponse().status, 501)
    }

    func test_stop_cutsShortAForwardThatHangsOnTheOrigin() throws {
        let origin = try LoopbackServer { _ in .hang }
        defer { origin.stop() }
        let proxy = try LoopbackProxy()
        let client = try RawClient(port: proxy.port)
        try client.sendRequest(origin.url("/hang"))
        XCTAssertTrue(origin.waitForRequests(1, timeout: 2))
        let started = Date()
        proxy.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        XCTAssertFalse(isListening(proxy.port))
        XCTAssertEqual(try client.readUntilClose(timeout: 2).bytes, [])
    }
}
