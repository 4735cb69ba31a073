import FeedConcurrency
import Foundation
import LoopbackHTTP
import XCTest

/// Headers given with `-H` go only to the origin (scheme, host, port) of the
/// URL they were given with: after a redirect to another origin, another port
/// or another name of the same address, none of them is sent, nor are the
/// cache's validators. A redirect within the origin keeps them.
final class FeedFetchRedirectOriginTests: XCTestCase, FeedFetchHeaderTesting {

    func test_aRedirectToAnotherPort_sendsNoneOfTheHeadersThere() throws {
        let other = try serve(["/x": .ok("{}")])
        let origin = try serve(["/r": .redirect(to: other.url("/x"))])

        let result = try Command.run("feed-fetch", ["-H", "X-Api-Key: \(token)", "-H", "Authorization: \(secretValue)", origin.url("/r")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(try XCTUnwrap(origin.requests.first).headerValues("X-Api-Key"), [token], "the origin gets it")
        let redirected = try XCTUnwrap(other.requests.first)
        XCTAssertNil(redirected.header("X-Api-Key"))
        XCTAssertNil(redirected.header("Authorization"))
        XCTAssertFalse(String(decoding: redirected.head, as: UTF8.self).contains(token))
        assertNoSecret(result)
    }

    func test_aRedirectToAnotherNameOfTheSameAddress_sendsNoneOfTheHeadersThere() throws {
        let both = try SelfRedirectingServer(self)

        let result = try Command.run("feed-fetch", ["-H", "X-Api-Key: \(token)", both.server.url("/r")])

        XCTAssertEqual(result.status, 0, result.err)
        let requests = both.server.requests
        XCTAssertEqual(requests.map(\.path), ["/r", "/x"])
        XCTAssertEqual(requests.first?.headerValues("X-Api-Key"), [token])
        XCTAssertEqual(requests.last?.header("Host")?.hasPrefix("localhost:"), true, "the redirect went by the other name")
        XCTAssertNil(requests.last?.header("X-Api-Key"), "another host name is another origin")
    }

    func test_aRedirectWithinTheOrigin_keepsTheHeaders() throws {
        let server = try SelfRedirectingServer(self, byName: "127.0.0.1")

        let result = try Command.run("feed-fetch", ["-H", "X-Api-Key: \(token)", server.server.url("/r")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(server.server.requests.map(\.path), ["/r", "/x", "/y"])
        XCTAssertEqual(server.server.requests.map { $0.headerValues("X-Api-Key") }, [[token], [token], [token]],
                       "an absolute URL of the same origin and a relative one")
    }

    func test_ifChanged_sendsTheValidatorsToTheURLsOriginOnly() throws {
        let other = try serve(["/x": .ok(#"{"items":[]}"#)])
        let origin = try serve(["/r": .redirect(to: other.url("/x"))])
        let cache = makeTemporaryDirectory(self) + "/cache"
        let url = origin.url("/r")
        let document = #"{"items":[{"id":"73a7f70c-75da-4c2e-b5a3-eed40dc53aa6","url":"https://i/1"}],"validators":{"url":"\#(url)","etag":"\"a\""}}"#
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: document + "\n", environment: ["FEED_CACHE_DIR": cache]).status, 0)

        let result = try Command.run("feed-fetch", ["--if-changed", "--cache-dir", cache, url])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(origin.requests.first?.header("If-None-Match"), #""a""#)
        XCTAssertNil(try XCTUnwrap(other.requests.first).header("If-None-Match"))
    }
}

/// A server that redirects `/r` to its own `/x` by the name `byName`
/// (`localhost`: the same address, another origin), `/x` to `/y`, and
/// answers `/y`.
private final class SelfRedirectingServer {
    let server: LoopbackServer

    init(_ testCase: XCTestCase, byName name: String = "localhost") throws {
        let port = Locked<UInt16>(0)
        server = try LoopbackServer { request in
            switch request.path {
            case "/r": return .redirect(to: "http://\(name):\(port.withLock { $0 })/x")
            case "/x": return name == "localhost" ? .ok("{}") : .redirect(to: "/y")
            default: return .ok("{}")
            }
        }
        port.withLock { $0 = server.port }
        testCase.addTeardownBlock { [server] in server.stop() }
    }
}
