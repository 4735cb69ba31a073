import Foundation
import LoopbackHTTP
import XCTest

/// A URL's password (`http://user:PASSWORD@host/`) is a secret: every message
/// and error record shows it as `[hidden]`, and so does `-v`; the user name
/// stays, so that the message still says which URL failed.
final class URLPasswordSecrecyTests: XCTestCase {
    private let password = "pw-7Hq2Lm9Xc4"

    func test_aConnectivityError_hidesThePasswordOnStderrAndInTheRecord() throws {
        let refused = try refusedURL().replacingOccurrences(of: "http://", with: "http://alice:\(password)@")

        let result = try Command.run("feed-fetch", [refused])

        XCTAssertEqual(result.status, 69, result.err)
        assertHidden(result)
        XCTAssertTrue(result.err.contains("http://alice:[hidden]@127.0.0.1:"), result.err)
        XCTAssertEqual(result.records().first?["url"] as? String, refused.replacingOccurrences(of: password, with: "[hidden]"))
    }

    func test_aTimeoutAPaginatedRunAndAUsageError_hideThePassword() throws {
        let server = try serve(["/hang": .hang, "/v1/feed": .status(500, "no")])
        let withPassword = { (path: String) in server.url(path).replacingOccurrences(of: "http://", with: "http://bob:\(self.password)@") }

        for arguments in [["--timeout", "0.3", withPassword("/hang")],
                          ["--paginate", "--timeout", "0.3", withPassword("/hang")],
                          ["ftp://carol:\(password)@h/x"],
                          ["dave:\(password)@api.example.com/v1/feed"]] {
            let result = try Command.run("feed-fetch", arguments, timeout: 30)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            assertHidden(result, "\(arguments)")
            XCTAssertTrue(result.err.contains(":[hidden]@"), "\(arguments): \(result.err)")
        }
    }

    func test_verbose_hidesThePasswordOfAURLInAServersLocation() throws {
        let target = try serve(["/x": .ok("{}")])
        let origin = try serve(["/r": .redirect(to: target.url("/x").replacingOccurrences(of: "http://", with: "http://erin:\(password)@"))])

        let result = try Command.run("feed-fetch", ["-v", origin.url("/r")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.contains("< Location: http://erin:[hidden]@127.0.0.1:"), result.err)
        assertHidden(result)
    }

    func test_a429sErrorRecord_hidesThePassword_andKeepsItsRetryAfterForSave() throws {
        let server = try serve(["/v1/feed": .respond(status: 429, headers: [("Retry-After", "120")], body: [])])
        let url = server.url("/v1/feed").replacingOccurrences(of: "http://", with: "http://frank:\(password)@")

        let result = try runAt("2026-11-01 08:00:00", #"feed-fetch "$URL" | feed-map"#, ["URL": url])

        XCTAssertEqual(result.status, 65, result.err)
        assertHidden(result)
        let record = result.records().first
        XCTAssertEqual(record?["url"] as? String, url.replacingOccurrences(of: password, with: "[hidden]"))
        let error = record?["error"] as? [String: Any]
        XCTAssertEqual(error?["kind"] as? String, "invalid-data")
        XCTAssertEqual(error?["not_before"] as? String, "2026-11-01T08:02:00Z", "the wait, for feed-cache save to remember")
    }

    private func assertHidden(_ result: CommandResult, _ context: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(result.err.contains(password), "stderr (\(context)): \(result.err)", file: file, line: line)
        XCTAssertFalse(result.out.contains(password), "stdout (\(context)): \(result.out)", file: file, line: line)
    }
}
