import Foundation
import XCTest
import FeedTestSupport

/// feed-fetch against nginx over TLS with HTTP/2, its CA made at test time:
/// `-j 8` multiplexes its transfers over one connection, in every run, as
/// `curl -Z` does.
final class FeedFetchHTTP2Tests: XCTestCase {
    func test_jobs8_over30Images_usesExactlyOneConnection_inEveryRun() throws {
        let directory = makeTemporaryDirectory(self)
        let tls = try makeTestCertificates(in: directory)
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
}
