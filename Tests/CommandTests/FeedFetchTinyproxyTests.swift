import Foundation
import XCTest
import FeedTestSupport

/// feed-fetch through tinyproxy, a real proxy others wrote (beside the
/// tests' own loopback proxy): plain http forwarded, https tunnelled with
/// CONNECT to nginx over TLS.
final class FeedFetchTinyproxyTests: XCTestCase {
    func test_http_isForwardedByTheProxy() throws {
        let server = try serve(["/v1/feed": .ok(#"{"items":[]}"#)])
        let proxy = try Tinyproxy(self)

        let result = try Command.run("feed-fetch", [server.url("/v1/feed")], environment: proxy.environment)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
        XCTAssertTrue(proxy.log.contains("GET \(server.url("/v1/feed"))"), proxy.log)
    }

    func test_https_isTunnelledWithCONNECT() throws {
        let directory = makeTemporaryDirectory(self)
        let tls = try makeTestCertificates(in: directory)
        try FileManager.default.createDirectory(atPath: directory + "/www/v1", withIntermediateDirectories: true)
        try #"{"items":[]}"#.write(toFile: directory + "/www/v1/feed", atomically: true, encoding: .utf8)
        let nginx = try Nginx(self, root: directory + "/www", tls: Nginx.TLS(certificate: tls.certificate, key: tls.key, http2: true))
        let proxy = try Tinyproxy(self)

        let result = try Command.run("feed-fetch", ["--cacert", tls.ca, nginx.url("/v1/feed")], environment: proxy.environment)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
        XCTAssertTrue(proxy.log.contains("CONNECT 127.0.0.1:\(nginx.port)"), proxy.log)
        XCTAssertEqual(nginx.accesses.count, 1)
    }
}

/// Debian's tinyproxy on 127.0.0.1, in the foreground with a config of its
/// own, logging each request; stopped when the test ends.
final class Tinyproxy {
    let port: UInt16
    private let logFile: String

    init(_ testCase: XCTestCase) throws {
        let tinyproxy = try RequiredTool.path("tinyproxy", package: "tinyproxy")
        let directory = makeTemporaryDirectory(testCase)
        logFile = directory + "/tinyproxy.log"
        var started: (UInt16, RunningCommand)?
        for _ in 0..<5 where started == nil {
            let port = try freeLoopbackPort()
            let config = """
            Port \(port)
            Listen 127.0.0.1
            Timeout 30
            LogFile "\(logFile)"
            LogLevel Info
            PidFile "\(directory)/tinyproxy.pid"
            MaxClients 20
            Allow 127.0.0.1

            """
            try config.write(toFile: directory + "/tinyproxy.conf", atomically: true, encoding: .utf8)
            let process = try Command.start(tinyproxy, ["-d", "-c", directory + "/tinyproxy.conf"])
            if waitUntilListening(port, process) {
                started = (port, process)
            } else {
                process.send(SIGTERM)
                _ = process.wait(timeout: 10)
            }
        }
        guard let (port, process) = started else { throw ProxyDidNotStart(log: (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "") }
        self.port = port
        testCase.addTeardownBlock {
            process.send(SIGTERM)
            _ = process.wait(timeout: 20)
        }
    }

    /// The variables libcurl reads a proxy from, pointing here, and nothing let past it.
    var environment: [String: String] {
        let url = "http://127.0.0.1:\(port)"
        return ["http_proxy": url, "https_proxy": url, "HTTPS_PROXY": url, "no_proxy": "", "NO_PROXY": ""]
    }

    var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }
}

struct ProxyDidNotStart: Error, CustomStringConvertible {
    var log: String
    var description: String { "tinyproxy did not start: \(log)" }
}
