import Foundation
import XCTest
import FeedTestSupport

/// feed-fetch against nginx over TLS with HTTP/2, its CA made at test time:
/// `-j 8` multiplexes its transfers over one connection, in every run, as
/// `curl -Z` does.
final class FeedFetchHTTP2Tests: XCTestCase {
    func test_jobs8_over30Images_usesExactlyOneConnection_inEveryRun() throws {
        let directory = makeTemporaryDirectory(self)
        let tls = try makeCertificates(in: directory)
        let root = directory + "/www"
        try FileManager.default.createDirectory(atPath: root + "/images", withIntermediateDirectories: true)
        for number in 1...30 {
            try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* number) }).write(to: URL(fileURLWithPath: root + "/images/\(number).png"))
        }
        let nginx = try Nginx(self, root: root, tls: Nginx.TLS(certificate: tls.certificate, key: tls.key, http2: true))
        let urls = (1...30).map { nginx.url("/images/\($0).png") }.joined(separator: "\n") + "\n"

        for run in 1...5 {
            let before = nginx.accesses.count
            let result = try Command.run("feed-fetch", ["-j", "8", "--cacert", tls.ca], stdin: urls)

            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertEqual(result.outLines.count, 30)
            let accesses = nginx.accesses.dropFirst(before)
            XCTAssertEqual(accesses.count, 30, "run \(run)")
            XCTAssertEqual(Set(accesses.map(\.serverProtocol)), ["HTTP/2.0"], "run \(run)")
            XCTAssertEqual(Set(accesses.map(\.connection)).count, 1, "run \(run): requests per connection \(Dictionary(grouping: accesses, by: \.connection).mapValues(\.count))")
        }
    }

    /// A CA, and a certificate for 127.0.0.1 that it signed.
    private func makeCertificates(in directory: String) throws -> (ca: String, certificate: String, key: String) {
        _ = try RequiredTool.path("openssl", package: "openssl")
        let script = """
        set -e
        cd \(shellQuote(directory))
        openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout ca.key -out ca.pem -days 2 -subj /CN=feed-test-ca 2>/dev/null
        openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1 2>/dev/null
        printf 'subjectAltName=IP:127.0.0.1\\n' > san.ext
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile san.ext 2>/dev/null
        """
        let made = try Command.run("/bin/sh", ["-c", script])
        XCTAssertEqual(made.status, 0, made.err)
        return (directory + "/ca.pem", directory + "/server.pem", directory + "/server.key")
    }
}
