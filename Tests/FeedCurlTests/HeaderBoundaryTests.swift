import FeedCore
@testable import FeedCurl
import LoopbackHTTP
import XCTest

/// The last line of defence at libcurl's door: a header line holding a
/// control byte (CR, LF, NUL, tab, DEL…) is never handed to libcurl, whatever
/// made it, while the others are sent. What the server received is read from
/// the request's raw head.
final class HeaderBoundaryTests: XCTestCase {
    func test_aHeaderLineWithAControlByte_isNotSent_andTheOthersAre() throws {
        let server = try LoopbackServer(handler: { _ in .ok("{}") })
        defer { server.stop() }
        let lines = ["X-Good: fine", "If-None-Match: \"a\"\rX-Injected: 1", "X-Split: a\r\nHost: evil",
                     "X-Nul: a\u{0}b", "X-Tab: a\tb", "X-Del: a\u{7F}", "X-Last: also fine"]
        let client = try CurlHTTPClient(CurlSettings(limits: FetchLimits(), concurrency: 1, headers: lines))

        let done = expectation(description: "done")
        client.get(server.url("/")) { result in
            if case .failure(let error) = result { XCTFail("\(error)") }
            done.fulfill()
        }
        wait(for: [done], timeout: 30)

        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.header("X-Good"), "fine")
        XCTAssertEqual(request.header("X-Last"), "also fine")
        for name in ["If-None-Match", "X-Injected", "X-Split", "X-Nul", "X-Tab", "X-Del"] {
            XCTAssertNil(request.header(name), name)
        }
        XCTAssertEqual(request.headerValues("Host").count, 1)
        let head = request.head
        for (index, byte) in head.enumerated() where byte < 0x20 || byte == 0x7F {
            XCTAssertTrue(byte == 0x0D ? head.dropFirst(index + 1).first == 0x0A : byte == 0x0A && index > 0 && head[index - 1] == 0x0D,
                          "control byte \(byte) at \(index)")
        }
    }
}
