import Foundation
import XCTest
import FeedTestSupport

extension XCTestCase {
    /// A CA, and a certificate for 127.0.0.1 that it signed.
    func makeTestCertificates(in directory: String) throws -> (ca: String, certificate: String, key: String) {
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
