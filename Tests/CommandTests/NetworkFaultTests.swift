import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport
import FeedPlatform

/// Transport faults feed-fetch meets, beyond those in FeedFetchFailureEndToEndTests:
/// a self-signed TLS certificate, a body that drips one byte a second, and
/// every fault at once in one batch through `feed-cache image save`. Each ends
/// in its documented code, within its timeout, and no record carries a
/// partial body, so nothing partial reaches the cache.
final class NetworkFaultTests: XCTestCase {
    func test_fetch_failsWithConnectivityOnASelfSignedCertificate() throws {
        let openssl = try RequiredTool.path("openssl", package: "openssl")
        let dir = makeTemporaryDirectory(self)
        let made = try Command.run(openssl, ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                                             "-keyout", dir + "/key.pem", "-out", dir + "/cert.pem", "-days", "2",
                                             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        XCTAssertEqual(made.status, 0, made.err)
        let port: String? = try startOpenSSLServer(openssl, cert: dir + "/cert.pem", key: dir + "/key.pem")
        let url = "https://127.0.0.1:\(try XCTUnwrap(port))/feed"

        // The server is up and speaks TLS with that certificate: only trust is missing.
        let trusted = try Command.sh("\(openssl) s_client -connect 127.0.0.1:\(port ?? "") -CAfile \(shellQuote(dir + "/cert.pem")) -verify_return_error </dev/null")
        XCTAssertEqual(trusted.status, 0, "s_client with the certificate: \(trusted.err)")

        let started = Date()
        let result = try Command.run("feed-fetch", ["--timeout", "5", url], timeout: 60)

        XCTAssertEqual(result.status, 69, result.out + result.err)
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("feed-fetch: \(url): "), result.err)
        let reason = result.err.lowercased()
        XCTAssertTrue(reason.contains("certificate") || reason.contains("ssl") || reason.contains("tls"), result.err)
        XCTAssertFalse(result.out.contains("\"body"), "no body from an untrusted server")
        XCTAssertLessThan(Date().timeIntervalSince(started), 50)
    }

    func test_fetch_endsWithinItsTimeoutWhenTheBodyDripsOneByteASecond() throws {
        let server = try serve(["/drip": .drip(status: 200, body: Array(repeating: UInt8(ascii: "d"), count: 60), bytesPerChunk: 1, interval: 1)])
        let started = Date()
        let result = try Command.run("feed-fetch", ["--timeout", "2", server.url("/drip")], timeout: 60)
        let elapsed = Date().timeIntervalSince(started)

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.contains("timed out"), result.err)
        XCTAssertFalse(result.out.contains("\"body"), "no record may carry a partial body")
        XCTAssertGreaterThanOrEqual(elapsed, 1.5, "the timeout, not something else, ended it")
        XCTAssertLessThan(elapsed, 20, "ends within (loosely) the timeout")
    }

    func test_everyTransportFaultInOneBatch_endsInItsCodeWithinTheTimeout_andNothingPartialReachesTheCache() throws {
        let body = Array(repeating: UInt8(ascii: "x"), count: 200_000)
        let server = try serve([
            "/reset": .resetMidBody(status: 200, body: Array(body.prefix(50_000)), sentBytes: 1_000),
            "/short": .truncated(status: 200, body: Array(body.prefix(500)), declaredLength: 1_000),
            "/hang": .hang,
            "/drip": .drip(status: 200, body: Array(body.prefix(100)), bytesPerChunk: 1, interval: 1),
            "/loop": .redirect(to: "/loop"),
            "/big": .ok(bytes: body),
            "/close": .closeWithoutResponse,
            "/good": .ok(bytes: [0xFF, 1, 2]),
        ])
        let refused = try refusedURL()
        let faults: [(url: String, kind: String)] = [
            (refused, "connectivity"),
            (server.url("/reset"), "connectivity"),
            (server.url("/short"), "connectivity"),
            (server.url("/hang"), "connectivity"),
            (server.url("/drip"), "connectivity"),
            (server.url("/loop"), "connectivity"),
            (server.url("/big"), "invalid-data"),
            (server.url("/close"), "connectivity"),
        ]
        let urls = faults.map(\.url) + [server.url("/good")]
        let cache = makeTemporaryDirectory(self) + "/cache"
        let started = Date()
        let fetched = try Command.run("feed-fetch", ["-j", "4", "--timeout", "2", "--max-size", "100K"] + urls, timeout: 120)
        let elapsed = Date().timeIntervalSince(started)

        XCTAssertEqual(fetched.status, 69, "the first failure's code")
        XCTAssertLessThan(elapsed, 20, "every fault ends within (loosely) its 2 s timeout")
        let records = fetched.records()
        XCTAssertEqual(records.map { $0["url"] as? String }, urls, "one record per URL, in order")
        for (record, fault) in zip(records, faults) {
            XCTAssertEqual((record["error"] as? [String: Any])?["kind"] as? String, fault.kind, "\(fault.url) \(record)")
            XCTAssertNil(record["body"], "\(fault.url): no partial body")
            XCTAssertNil(record["body_base64"], "\(fault.url): no partial body")
        }
        XCTAssertEqual(records.last?["body_base64"] as? String, "/wEC", "the batch goes on after its failures")
        XCTAssertEqual(fetched.errLines.count, faults.count, fetched.err)

        // Through the cache: only the whole body is stored.
        let saved = try Command.run("feed-cache", ["image", "save"], stdinBytes: fetched.stdout, environment: ["FEED_CACHE_DIR": cache])
        XCTAssertEqual(saved.status, 69, "passes on the first failure's code")
        XCTAssertEqual(saved.err, "", "error records are passed on silently")
        XCTAssertEqual(directoryEntries(cache + "/images").count, 1)
        for fault in faults {
            XCTAssertEqual(try Command.run("feed-cache", ["image", "load", fault.url], environment: ["FEED_CACHE_DIR": cache]).status, 66, fault.url)
        }
        XCTAssertEqual(try Command.run("feed-cache", ["image", "load", server.url("/good")], environment: ["FEED_CACHE_DIR": cache]).stdout, [0xFF, 1, 2])
    }
}
