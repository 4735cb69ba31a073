import FeedCurl
import XCTest

final class ResponseHeaderLinesTests: XCTestCase {
    func test_add_readsNameAndValueWithoutOuterBlanks() {
        XCTAssertEqual(fields(["HTTP/1.1 200 OK", "Content-Type:  text/plain \t", "X-A:b"]),
                       ["Content-Type=text/plain", "X-A=b"])
    }

    func test_add_startsAgainAtEveryStatusLine() {
        XCTAssertEqual(fields(["HTTP/1.1 301 Moved", "Location: /b", "", "HTTP/1.1 200 OK", "ETag: x"]), ["ETag=x"])
    }

    func test_add_joinsAContinuationLineWithOneSpace() {
        XCTAssertEqual(fields(["X-Long: one", " two", "\tthree"]), ["X-Long=one two three"])
    }

    // Found by fuzzing (Tests/FeedFuzzingTests/Corpus/http-headers): a blank
    // continuation left a trailing space, one after an empty value a leading one.
    func test_add_joinsNoBlankContinuationAndNoSpaceAfterAnEmptyValue() {
        XCTAssertEqual(fields(["X-A: a", "   ", "X-B:", " b"]), ["X-A=a", "X-B=b"])
    }

    func test_add_trimsBlanksAroundANameAndDropsALineWithoutOne() {
        XCTAssertEqual(fields(["X-A : a", ": c", " : b"]), ["X-A=a : b"])
    }

    // Found by fuzzing (Tests/FeedFuzzingTests/Crashes/http-headers): a blank
    // before a combining mark is one Character with it, so it was not trimmed.
    func test_add_trimsABlankThatACombiningMarkFollows() {
        XCTAssertEqual(fields(["X-A: \u{351}b \u{301}", "X-B: c", " \u{351}d"]), ["X-A=\u{351}b \u{301}", "X-B=c \u{351}d"])
    }

    private func fields(_ lines: [String]) -> [String] {
        var headers = ResponseHeaderLines()
        for line in lines {
            Array((line + "\r\n").utf8).withUnsafeBytes { headers.add($0) }
        }
        return headers.fields.map { "\($0.name)=\($0.value)" }
    }
}
