@testable import FeedCurl
import XCTest

/// `-v`'s lines from header bytes as libcurl's debug callback hands them
/// over: cut anywhere, CRLF or LF, a request's head at once or a line at a
/// time; hidden values, folded ones included.
final class TransferTraceTests: XCTestCase {
    func test_add_aWholeRequestHeadAtOnce_writesALineEachWithoutCRAndNoBlankLine() {
        let written = trace(["GET /v1/feed HTTP/1.1\r\nHost: a\r\nAccept: */*\r\n\r\n"], sent: true)
        XCTAssertEqual(written, "> GET /v1/feed HTTP/1.1\n> Host: a\n> Accept: */*\n")
    }

    func test_add_aLineCutAcrossCalls_isWrittenOnceWhole() {
        let written = trace(["HTTP/1.1 200 OK\r", "\nX-Served", "-By: lo", "opback\r\n", "\r\n"], sent: false)
        XCTAssertEqual(written, "< HTTP/1.1 200 OK\n< X-Served-By: loopback\n")
    }

    func test_finish_writesALineLeftUnended() {
        XCTAssertEqual(trace(["HTTP/1.1 200 OK\r\nX-Cut: hal"], sent: false), "< HTTP/1.1 200 OK\n< X-Cut: hal\n")
    }

    func test_add_hidesTheValuesOfGivenHeadersAndCredentials_inAnyCase_andTheirFoldedLines() {
        let written = trace(["HTTP/1.1 200 OK\r\n", "set-cookie: a=secret1\r\n", "\tsecret2\r\n", "X-Token : secret3\r\n",
                             "X-Other: shown\r\n", " shown too\r\n"], sent: false, hiding: ["x-TOKEN"])
        XCTAssertEqual(written, "< HTTP/1.1 200 OK\n< set-cookie: [hidden]\n<  [hidden]\n< X-Token : [hidden]\n< X-Other: shown\n<  shown too\n")
    }

    func test_add_keepsARequestLineWhoseURLHasAColon() {
        XCTAssertEqual(trace(["GET http://cookie:80/ HTTP/1.1\r\nCookie: k=v\r\n"], sent: true),
                       "> GET http://cookie:80/ HTTP/1.1\n> Cookie: [hidden]\n")
    }

    func test_add_withInputsLabelled_startsEachLineWithThePosition() {
        XCTAssertEqual(trace(["GET / HTTP/2\r\nauthorization: x\r\n"], sent: true, labelled: true, position: 7),
                       "[7] > GET / HTTP/2\n[7] > authorization: [hidden]\n")
    }

    // MARK: - Helpers

    private func trace(_ pieces: [String], sent: Bool, hiding: [String] = [], labelled: Bool = false, position: Int = 1) -> String {
        let written = Written()
        let curlTrace = CurlTrace(hiding: hiding, labelsInputs: labelled) { written.bytes += $0 }
        var transfer = TransferTrace(curlTrace, position: position)
        for piece in pieces {
            Array(piece.utf8).withUnsafeBytes { transfer.add($0, sent: sent) }
        }
        transfer.finish()
        return String(decoding: written.bytes, as: UTF8.self)
    }
}

/// What the trace wrote, on this test's one thread.
private final class Written: @unchecked Sendable {
    var bytes: [UInt8] = []
}
