import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// Proxies from the environment, as curl reads them, with the built feed-fetch,
/// a real loopback origin and a real forward proxy (LoopbackProxy). Each run's
/// environment names every proxy variable, so that the machine's own settings
/// never decide the outcome.
final class FeedFetchProxyTests: XCTestCase {
    func test_fetch_goesThroughTheHTTPProxyOfTheEnvironment_andWritesTheOriginsRecord() throws {
        let origin = try serve(["/v1/feed": .respond(status: 200, headers: [("Content-Type", "application/json"), ("X-Origin", "yes")],
                                                     body: Array("{\"items\":[]}".utf8))])
        let proxy = try startProxy()
        let url = origin.url("/v1/feed")
        let result = try Command.run("feed-fetch", [url], environment: proxyEnvironment(["http_proxy": proxy.baseURL]))

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(proxy.requests, [url], "the GET went through the proxy, in absolute form")
        XCTAssertEqual(origin.requests.count, 1, "and reached the origin")
        let record = try XCTUnwrap(result.records().first)
        XCTAssertEqual(record["url"] as? String, url)
        XCTAssertEqual(record["status"] as? Int, 200)
        XCTAssertEqual(record["body"] as? String, "{\"items\":[]}")
        let headers = try XCTUnwrap(record["headers"] as? [String: String])
        XCTAssertEqual(headers["x-origin"], "yes", "the origin's response")
        XCTAssertEqual(headers["content-type"], "application/json")
    }

    func test_fetch_throughTheProxy_keepsTheStatusOfTheOrigin() throws {
        let origin = try serve(["/gone": .status(410, "gone")])
        let proxy = try startProxy()
        let result = try Command.run("feed-fetch", [origin.url("/gone")], environment: proxyEnvironment(["http_proxy": proxy.baseURL]))

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(proxy.requests, [origin.url("/gone")])
        XCTAssertEqual(result.records().first?["status"] as? Int, 410)
        XCTAssertEqual(result.records().first?["body"] as? String, "gone")
    }

    func test_fetch_sendsItsHeadersThroughTheProxy() throws {
        let origin = try serve(["/v1/feed": .ok("{}")])
        let proxy = try startProxy()
        let result = try Command.run("feed-fetch", ["-H", "X-Client: feed-tests", origin.url("/v1/feed")],
                                     environment: proxyEnvironment(["http_proxy": proxy.baseURL]))

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(proxy.requests.count, 1)
        XCTAssertEqual(origin.requests.first?.header("X-Client"), "feed-tests")
    }

    func test_fetch_bypassesTheProxyForAHostNoProxyLists() throws {
        let origin = try serve(["/v1/feed": .ok("{\"items\":[]}")])
        let proxy = try startProxy()
        let result = try Command.run("feed-fetch", [origin.url("/v1/feed")],
                                     environment: proxyEnvironment(["http_proxy": proxy.baseURL, "no_proxy": "127.0.0.1"]))

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
        XCTAssertEqual(result.records().first?["body"] as? String, "{\"items\":[]}")
        XCTAssertEqual(proxy.requests, [], "the proxy was not used")
        XCTAssertEqual(proxy.connectionCount, 0)
        XCTAssertEqual(origin.requests.count, 1)
    }

    func test_fetch_bypassesTheProxyForAHostUpperCaseNO_PROXYLists_andForAStar() throws {
        let origin = try serve(["/v1/feed": .ok("{}")])
        let proxy = try startProxy()
        for bypass in [["NO_PROXY": "example.com, 127.0.0.1"], ["no_proxy": "*"]] {
            let result = try Command.run("feed-fetch", [origin.url("/v1/feed")],
                                         environment: proxyEnvironment(bypass.merging(["http_proxy": proxy.baseURL]) { $1 }))
            XCTAssertEqual(result.status, 0, "\(bypass): \(result.err)")
        }
        XCTAssertEqual(proxy.requests, [])
        XCTAssertEqual(origin.requests.count, 2)
    }

    func test_fetch_bypassesTheProxyForAnAddressInANoProxyCIDRRange_asCurlDoes() throws {
        let origin = try serve(["/v1/feed": .ok("{}")])
        let proxy = try startProxy()
        let result = try Command.run("feed-fetch", [origin.url("/v1/feed")],
                                     environment: proxyEnvironment(["http_proxy": proxy.baseURL, "no_proxy": "127.0.0.0/8"]))

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(proxy.requests, [], "libcurl reads CIDR ranges in no_proxy")
        XCTAssertEqual(origin.requests.count, 1)
    }

    func test_fetch_refusedOriginReachedDirectlyByANoProxyCIDRRange_isNotBlamedOnTheProxy() throws {
        let proxy = try startProxy()
        let url = try refusedURL()
        let result = try Command.run("feed-fetch", [url], environment: proxyEnvironment(["http_proxy": proxy.baseURL, "no_proxy": "127.0.0.0/8"]))

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(proxy.connectionCount, 0, "the proxy was not used")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertFalse(result.err.contains("proxy"), "the proxy (alive, unused) is not what refused: \(result.err)")
        XCTAssertFalse(result.err.contains(String(proxy.port)), result.err)
    }

    /// `localhost` resolves without DNS (libcurl resolves it, and every
    /// `*.localhost`, to the loopback itself), so a name and a domain listed
    /// in no_proxy can be tried end to end: the host itself, and a host under
    /// the domain, with and without the leading dot.
    func test_fetch_refusedOriginReachedDirectlyByANoProxyNameOrDomain_isNotBlamedOnTheProxy() throws {
        let proxy = try startProxy()
        let refused = try refusedURL()  // "http://127.0.0.1:PORT/v1/feed", where nothing listens
        let port = try XCTUnwrap(URLComponents(string: refused)?.port)
        let cases = [
            ("localhost", "localhost"), (".localhost", "localhost"), ("example.com, localhost", "localhost"),
            ("localhost", "feed.localhost"), (".localhost", "feed.localhost"), ("example.com,.localhost", "images.feed.localhost"),
        ]
        for (noProxy, host) in cases {
            let url = "http://\(host):\(port)/v1/feed"
            let result = try Command.run("feed-fetch", ["--timeout", "20", url],
                                         environment: proxyEnvironment(["http_proxy": proxy.baseURL, "no_proxy": noProxy]))
            let label = "no_proxy=\(noProxy), \(url)"

            XCTAssertEqual(result.status, 69, "\(label): \(result.out)")
            XCTAssertEqual(result.lastErrorKind, "connectivity", label)
            XCTAssertEqual(result.errLines.count, 1, "\(label): \(result.err)")
            XCTAssertTrue(result.err.hasPrefix("feed-fetch: \(url): "), "\(label): \(result.err)")
            XCTAssertFalse(result.err.contains("proxy"), "\(label): the request went direct, so the proxy (alive, unused) is not what refused: \(result.err)")
            XCTAssertFalse(result.err.contains(String(proxy.port)), "\(label): \(result.err)")
        }
        XCTAssertEqual(proxy.connectionCount, 0, "the proxy was never used")
    }

    func test_fetch_usesTheProxyWhenNoProxyListsOtherHostsOnly() throws {
        let origin = try serve(["/v1/feed": .ok("{}")])
        let proxy = try startProxy()
        let result = try Command.run("feed-fetch", [origin.url("/v1/feed")],
                                     environment: proxyEnvironment(["http_proxy": proxy.baseURL, "no_proxy": "example.com,127.0.0.2"]))

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(proxy.requests, [origin.url("/v1/feed")])
    }

    func test_fetch_goesThroughALL_PROXYWhenNoSchemeProxyIsSet() throws {
        let origin = try serve(["/v1/feed": .ok("{}")])
        let proxy = try startProxy()
        let result = try Command.run("feed-fetch", [origin.url("/v1/feed")], environment: proxyEnvironment(["ALL_PROXY": proxy.baseURL]))

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(proxy.requests, [origin.url("/v1/feed")])
    }

    func test_fetch_ignoresUpperCaseHTTP_PROXY_asCurlDoes() throws {
        let origin = try serve(["/v1/feed": .ok("{}")])
        let proxy = try startProxy()
        let result = try Command.run("feed-fetch", [origin.url("/v1/feed")], environment: proxyEnvironment(["HTTP_PROXY": proxy.baseURL]))

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(proxy.requests, [], "HTTP_PROXY is not read (curl reads http_proxy in lower case only)")
        XCTAssertEqual(origin.requests.count, 1)
    }

    func test_fetch_doesNotUseTheHTTPSProxyForAnHTTPURL() throws {
        let origin = try serve(["/v1/feed": .ok("{}")])
        let proxy = try startProxy()
        let result = try Command.run("feed-fetch", [origin.url("/v1/feed")],
                                     environment: proxyEnvironment(["https_proxy": proxy.baseURL, "HTTPS_PROXY": proxy.baseURL]))

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(proxy.requests, [])
    }

    func test_fetch_failsWithConnectivityNamingTheProxy_whenTheProxyIsDead() throws {
        let origin = try serve(["/v1/feed": .ok("{}")])
        let dead = try refusedURL("")  // "http://127.0.0.1:PORT", where nothing listens
        let deadHostPort = String(dead.dropFirst("http://".count))
        let url = origin.url("/v1/feed")
        let result = try Command.run("feed-fetch", [url], environment: proxyEnvironment(["http_proxy": dead]))

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("feed-fetch: \(url): "), result.err)
        XCTAssertTrue(result.err.contains(deadHostPort), "names the proxy \(deadHostPort): \(result.err)")
        XCTAssertTrue(result.err.contains("proxy"), result.err)
        let message = ((result.records().first?["error"] as? [String: Any])?["message"] as? String) ?? ""
        XCTAssertTrue(message.contains(deadHostPort), "the error record names the proxy too: \(message)")
        XCTAssertEqual(origin.connectionCount, 0, "never went to the origin directly")
    }

    func test_fetch_failsWithConnectivityNamingTheHTTPSProxy_whenItIsDead() throws {
        let origin = try serve([:])
        let dead = try refusedURL("")
        let deadHostPort = String(dead.dropFirst("http://".count))
        let url = "https://127.0.0.1:\(origin.port)/v1/feed"
        let result = try Command.run("feed-fetch", [url], environment: proxyEnvironment(["https_proxy": dead]))

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.contains(deadHostPort), "names the proxy \(deadHostPort): \(result.err)")
        XCTAssertEqual(origin.connectionCount, 0)
    }

    func test_fetch_deadProxyMessage_namesTheProxyWithoutItsCredentials() throws {
        let origin = try serve([:])
        let dead = try refusedURL("")
        let deadHostPort = String(dead.dropFirst("http://".count))
        let password = "pr0xy-Passw0rd-77"
        let result = try Command.run("feed-fetch", [origin.url("/v1/feed")],
                                     environment: proxyEnvironment(["http_proxy": "http://feeduser:\(password)@\(deadHostPort)"]))

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.contains(deadHostPort), "names the proxy \(deadHostPort): \(result.err)")
        XCTAssertFalse(result.err.contains(password), "the proxy's password is a secret: \(result.err)")
        XCTAssertFalse(result.out.contains(password), "the proxy's password is a secret: \(result.out)")
    }

    func test_fetch_failsWithConnectivityNamingTheProxy_whenTheProxyNameDoesNotResolve() throws {
        let origin = try serve(["/v1/feed": .ok("{}")])
        let proxy = "http://no-such-proxy.invalid:3128"
        let result = try Command.run("feed-fetch", ["--timeout", "20", origin.url("/v1/feed")], environment: proxyEnvironment(["http_proxy": proxy]))

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.contains("no-such-proxy.invalid"), "names the proxy: \(result.err)")
        XCTAssertEqual(origin.connectionCount, 0)
    }

    func test_fetch_connectTimeoutBoundsTheConnectionToTheProxy() throws {
        let origin = try serve(["/v1/feed": .ok("{}")])
        let listener = try NeverAcceptingListener()
        addTeardownBlock { listener.close() }
        let started = Date()
        let result = try Command.run("feed-fetch", ["--connect-timeout", "0.5", origin.url("/v1/feed")],
                                     environment: proxyEnvironment(["http_proxy": listener.baseURL]))
        let elapsed = Date().timeIntervalSince(started)

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.contains("timed out"), result.err)
        XCTAssertLessThan(elapsed, 10)
        XCTAssertEqual(origin.connectionCount, 0)
    }

    // MARK: - Helpers

    private func startProxy() throws -> LoopbackProxy {
        let proxy = try LoopbackProxy()
        addTeardownBlock { proxy.stop() }
        return proxy
    }

    /// Every proxy variable curl reads, empty (none) unless `set` gives it.
    private func proxyEnvironment(_ set: [String: String]) -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] {
            environment[name] = ""
        }
        return environment.merging(set) { $1 }
    }
}
