import FeedPlatform
import LoopbackHTTP
import XCTest

/// The loopback tools with curl, the client the package's fetching is built on.
final class CurlTests: XCTestCase {
    func test_throughTheProxy_getsTheOriginsBody() throws {
        let origin = try LoopbackServer { request in .ok("origin saw \(request.path)", contentType: "text/plain") }
        defer { origin.stop() }
        let proxy = try LoopbackProxy()
        defer { proxy.stop() }

        let result = try Curl.run(["-s", "-S", "--max-time", "10", origin.url("/x")], environment: ["http_proxy": proxy.baseURL])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, "origin saw /x")
        XCTAssertEqual(proxy.requests, [origin.url("/x")], "curl went through the proxy")
        XCTAssertEqual(origin.requests.first?.header("Via"), "1.1 loopback-proxy")
    }

    func test_throughTheProxy_reusesOneProxyConnection() throws {
        let origin = try LoopbackServer { request in .ok(request.path + "\n", contentType: "text/plain") }
        defer { origin.stop() }
        let proxy = try LoopbackProxy()
        defer { proxy.stop() }

        let urls = ["/a", "/b", "/c"].map(origin.url)
        let result = try Curl.run(["-s", "-S", "--max-time", "10"] + urls, environment: ["http_proxy": proxy.baseURL])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, "/a\n/b\n/c\n")
        XCTAssertEqual(proxy.requests, urls)
        XCTAssertEqual(proxy.connectionCount, 1)
        XCTAssertEqual(origin.connectionCount, 3, "one origin connection per proxied request")
    }

    func test_keepAlive_curlReusesOneConnection() throws {
        let server = try LoopbackServer { request in .ok(request.path + "\n", contentType: "text/plain") }
        defer { server.stop() }
        let paths = (0..<5).map { "/\($0)" }
        let result = try Curl.run(["-s", "-S", "--max-time", "10"] + paths.map(server.url))
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, paths.map { $0 + "\n" }.joined())
        XCTAssertEqual(server.connectionCount, 1)
    }

    func test_keepAlive_100GetsInParallel_openAtMostParallelMaxConnections() throws {
        let server = try LoopbackServer { request in
            .delayed(seconds: 0.01, then: .ok(request.path + "\n", contentType: "text/plain"))
        }
        defer { server.stop() }
        let paths = (0..<100).map { "/\($0)" }
        let result = try Curl.run(["-s", "-S", "--max-time", "20", "--parallel", "--parallel-max", "4"] + paths.map(server.url))
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(Set(result.output.split(separator: "\n").map(String.init)), Set(paths))
        XCTAssertEqual(server.requests.count, 100)
        XCTAssertGreaterThanOrEqual(server.connectionCount, 1)
        XCTAssertLessThanOrEqual(server.connectionCount, 4)
    }

    func test_connectTimeout_onTheNeverAcceptingListener() throws {
        let listener = try NeverAcceptingListener()
        defer { listener.close() }
        let result = try Curl.run(["-s", "-S", "--connect-timeout", "1", "--max-time", "10", listener.url("/feed")])
        XCTAssertEqual(result.status, 28, "curl's timeout exit status; \(result.errors)")
        XCTAssertGreaterThanOrEqual(result.seconds, 0.9)
        XCTAssertLessThan(result.seconds, 5)
    }
}
