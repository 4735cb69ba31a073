import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport
import FeedPlatform

/// TLS trust with the built feed-fetch against `openssl s_server -www`, whose
/// certificate a CA made at test time signed: untrusted by default, trusted by
/// `--cacert`, else `$CURL_CA_BUNDLE`, else `$SSL_CERT_FILE`, in that order.
final class FeedFetchTLSTests: XCTestCase {
    func test_fetch_failsWithConnectivitySayingTheCertificateIsNotTrusted_whenNoCAIsGiven() throws {
        let tls = try startTLSServer()
        let result = try Command.run("feed-fetch", ["--timeout", "20", tls.url], environment: caEnvironment([:]))

        XCTAssertEqual(result.status, 69, result.out + result.err)
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("feed-fetch: \(tls.url): "), result.err)
        XCTAssertTrue(result.err.lowercased().contains("not trusted"), "says the certificate is not trusted: \(result.err)")
        XCTAssertTrue(result.err.lowercased().contains("certificate"), result.err)
        XCTAssertFalse(result.out.contains("\"body"), "no body from an untrusted server")
    }

    func test_fetch_trustsTheCAOfCacert() throws {
        let tls = try startTLSServer()
        let result = try Command.run("feed-fetch", ["--timeout", "20", "--cacert", tls.caFile, tls.url], environment: caEnvironment([:]))

        try assertServedByTheTLSServer(result, tls)
    }

    func test_fetch_trustsTheCAOfSSL_CERT_FILE() throws {
        let tls = try startTLSServer()
        let result = try Command.run("feed-fetch", ["--timeout", "20", tls.url], environment: caEnvironment(["SSL_CERT_FILE": tls.caFile]))

        try assertServedByTheTLSServer(result, tls)
    }

    func test_fetch_trustsTheCAOfCURL_CA_BUNDLE() throws {
        let tls = try startTLSServer()
        let result = try Command.run("feed-fetch", ["--timeout", "20", tls.url], environment: caEnvironment(["CURL_CA_BUNDLE": tls.caFile]))

        try assertServedByTheTLSServer(result, tls)
    }

    func test_fetch_cacertComesBeforeCURL_CA_BUNDLE_whichComesBeforeSSL_CERT_FILE() throws {
        let tls = try startTLSServer()
        let other = try makeCA(in: makeTemporaryDirectory(self), name: "Other CA")

        let cacertFirst = try Command.run("feed-fetch", ["--timeout", "20", "--cacert", tls.caFile, tls.url],
                                          environment: caEnvironment(["CURL_CA_BUNDLE": other.cert, "SSL_CERT_FILE": other.cert]))
        try assertServedByTheTLSServer(cacertFirst, tls)

        let bundleSecond = try Command.run("feed-fetch", ["--timeout", "20", tls.url],
                                           environment: caEnvironment(["CURL_CA_BUNDLE": tls.caFile, "SSL_CERT_FILE": other.cert]))
        try assertServedByTheTLSServer(bundleSecond, tls)

        let bundleWins = try Command.run("feed-fetch", ["--timeout", "20", tls.url],
                                         environment: caEnvironment(["CURL_CA_BUNDLE": other.cert, "SSL_CERT_FILE": tls.caFile]))
        XCTAssertEqual(bundleWins.status, 69, "CURL_CA_BUNDLE, not SSL_CERT_FILE, is used: \(bundleWins.err)")
        XCTAssertTrue(bundleWins.err.contains("not trusted"), bundleWins.err)
    }

    func test_fetch_cacertReplacesTheSystemsCAs_soAnotherCAIsNotTrusted() throws {
        let tls = try startTLSServer()
        let other = try makeCA(in: makeTemporaryDirectory(self), name: "Other CA")
        let result = try Command.run("feed-fetch", ["--timeout", "20", "--cacert", other.cert, tls.url], environment: caEnvironment([:]))

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.contains("not trusted"), result.err)
    }

    func test_fetch_cacertToAMissingFileIsAUsageError_beforeAnyConnection() throws {
        // A plain loopback server on the https URL's port: any connection would show in its count.
        let server = try serve([:])
        let url = "https://127.0.0.1:\(server.port)/v1/feed"
        let missing = makeTemporaryDirectory(self) + "/no-such-ca.pem"
        let result = try Command.run("feed-fetch", ["--cacert", missing, url], environment: caEnvironment([:]))

        XCTAssertEqual(result.status, 64, result.out + result.err)
        XCTAssertEqual(result.lastErrorKind, "usage")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.contains("--cacert"), result.err)
        XCTAssertTrue(result.err.contains(missing), "names the file: \(result.err)")
        XCTAssertEqual(server.connectionCount, 0, "no connection made")
    }

    func test_fetch_caBundleOfTheEnvironmentThatCannotBeReadIsAUsageError_beforeAnyConnection() throws {
        let server = try serve([:])
        let url = "https://127.0.0.1:\(server.port)/v1/feed"
        let missing = makeTemporaryDirectory(self) + "/no-such-ca.pem"
        for (name, value) in [("CURL_CA_BUNDLE", missing), ("SSL_CERT_FILE", missing)] {
            let result = try Command.run("feed-fetch", [url], environment: caEnvironment([name: value]))

            XCTAssertEqual(result.status, 64, "\(name): \(result.err)")
            XCTAssertEqual(result.errLines.count, 1, result.err)
            XCTAssertTrue(result.err.contains(name), "names where the file came from: \(result.err)")
        }
        XCTAssertEqual(server.connectionCount, 0, "no connection made")
    }

    // MARK: - Helpers

    private struct TLSServer {
        var url: String
        var caFile: String
    }

    private struct CA {
        var key: String
        var cert: String
    }

    private func assertServedByTheTLSServer(_ result: CommandResult, _ tls: TLSServer, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.status, 0, result.err, file: file, line: line)
        XCTAssertEqual(result.err, "", file: file, line: line)
        let record = try XCTUnwrap(result.records(file: file, line: line).first, file: file, line: line)
        XCTAssertEqual(record["url"] as? String, tls.url, file: file, line: line)
        XCTAssertEqual(record["status"] as? Int, 200, file: file, line: line)
        let body = (record["body"] as? String) ?? ""
        XCTAssertFalse(body.isEmpty, "a body", file: file, line: line)
        XCTAssertTrue(body.contains("s_server") && body.contains("Cipher"), "s_server -www's status page: \(body.prefix(200))", file: file, line: line)
    }

    /// The CA variables, empty (unset for feed-fetch) unless `set` gives them.
    private func caEnvironment(_ set: [String: String]) -> [String: String] {
        var environment = ["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": ""]
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] { environment[name] = "" }
        return environment.merging(set) { $1 }
    }

    private func openssl() throws -> String {
        try RequiredTool.path("openssl", package: "openssl")
    }

    /// A CA key and self-signed CA certificate in `dir`.
    private func makeCA(in dir: String, name: String) throws -> CA {
        let ca = CA(key: dir + "/ca.key", cert: dir + "/ca.pem")
        let made = try Command.run(try openssl(), [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", ca.key, "-out", ca.cert, "-days", "2", "-subj", "/CN=\(name)",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        ])
        XCTAssertEqual(made.status, 0, made.err)
        return ca
    }

    /// A CA, a server certificate for IP 127.0.0.1 it signed, and `openssl s_server -www` with it,
    /// stopped when the test ends.
    private func startTLSServer() throws -> TLSServer {
        let openssl = try openssl()
        let dir = makeTemporaryDirectory(self)
        let ca = try makeCA(in: dir, name: "Feed Test CA")
        let request = try Command.run(openssl, [
            "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", dir + "/server.key", "-out", dir + "/server.csr", "-subj", "/CN=127.0.0.1",
        ])
        XCTAssertEqual(request.status, 0, request.err)
        try writeFile(dir + "/server.ext", Array("""
            subjectAltName=IP:127.0.0.1
            basicConstraints=critical,CA:FALSE
            keyUsage=critical,digitalSignature,keyEncipherment
            extendedKeyUsage=serverAuth

            """.utf8))
        let signed = try Command.run(openssl, [
            "x509", "-req", "-in", dir + "/server.csr", "-CA", ca.cert, "-CAkey", ca.key, "-set_serial", "2",
            "-days", "2", "-extfile", dir + "/server.ext", "-out", dir + "/server.pem",
        ])
        XCTAssertEqual(signed.status, 0, signed.err)

        let port: String? = try startOpenSSLServer(openssl, cert: dir + "/server.pem", key: dir + "/server.key")
        let url = "https://127.0.0.1:\(try XCTUnwrap(port))/v1/feed"

        // The chain is right: s_client trusts it with the CA.
        let verified = try Command.sh("\(openssl) s_client -connect 127.0.0.1:\(port ?? "") -CAfile \(shellQuote(ca.cert)) -verify_return_error </dev/null")
        XCTAssertEqual(verified.status, 0, "s_client with the CA: \(verified.err)")
        return TLSServer(url: url, caFile: ca.cert)
    }
}
