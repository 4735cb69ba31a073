import XCTest
import FeedCore

final class FetchTargetTests: XCTestCase {

    // MARK: - Arguments

    func test_targetsFromArguments_deliversHTTPAndHTTPSURLsInOrder() {
        XCTAssertEqual(FetchTarget.targets(fromArguments: ["https://a.com/feed", "http://b.com:8080/x?y=z", "HTTPS://C.COM"]),
                       [.url("https://a.com/feed"), .url("http://b.com:8080/x?y=z"), .url("HTTPS://C.COM")])
    }

    func test_targetsFromArguments_deliversNothingForNoArguments() {
        XCTAssertEqual(FetchTarget.targets(fromArguments: []), [])
    }

    func test_targetsFromArguments_marksUnsupportedSchemesAsUsageErrors() {
        let targets = FetchTarget.targets(fromArguments: ["ftp://a.com/x", "file:///etc/passwd", "https://ok.com", "ws://a.com"])

        XCTAssertEqual(targets.count, 4)
        XCTAssertEqual(usageKindURL(targets[0]), "ftp://a.com/x")
        XCTAssertEqual(usageKindURL(targets[1]), "file:///etc/passwd")
        XCTAssertEqual(targets[2], .url("https://ok.com"))
        XCTAssertEqual(usageKindURL(targets[3]), "ws://a.com")
        XCTAssertEqual(targets[0], .invalid("ftp://a.com/x", ToolError(.usage, "unsupported scheme 'ftp' (only http and https)")))
    }

    func test_targetsFromArguments_marksMalformedURLsAsUsageErrors() {
        for text in ["https:/a.com", "https://", "https:// a.com", "https://a.com/\n", "mailto:a@b"] {
            let targets = FetchTarget.targets(fromArguments: [text])

            XCTAssertEqual(targets, [.invalid(text, ToolError(.usage, "malformed URL"))], text.debugDescription)
        }
    }

    func test_targetsFromArguments_saysToWriteASchemeWhereThereIsNone() {
        for text in ["", "a.com", "/feed", "//a.com/feed", "-j", "api.example.com/v1/feed", "localhost:8080/v1/feed"] {
            let targets = FetchTarget.targets(fromArguments: [text])

            XCTAssertEqual(targets, [.invalid(text, ToolError(.usage, "no scheme: write http:// or https://"))], text.debugDescription)
        }
    }

    // MARK: - URL lines

    func test_targetsFromInput_readsOneURLALine() throws {
        let input = "https://a.com/1\nhttps://a.com/2\nhttp://a.com/3\n"

        XCTAssertEqual(try targets(input), [.url("https://a.com/1"), .url("https://a.com/2"), .url("http://a.com/3")])
    }

    func test_targetsFromInput_skipsBlankLinesAndTrimsWhitespaceAndCarriageReturns() throws {
        let input = "\n  \nhttps://a.com/1\r\n\t https://a.com/2 \t\n\n\r\nhttps://a.com/3"

        XCTAssertEqual(try targets(input), [.url("https://a.com/1"), .url("https://a.com/2"), .url("https://a.com/3")])
    }

    func test_targetsFromInput_deliversNothingForEmptyOrWhitespaceInput() throws {
        XCTAssertEqual(try FetchTarget.targets(fromInput: []), [])
        XCTAssertEqual(try targets(" \n\t\r\n "), [])
    }

    func test_targetsFromInput_marksBadURLLinesAndKeepsTheirPlace() throws {
        let result = try targets("https://a.com/1\nftp://a.com/2\nnot a url\nhttps://a.com/4\n")

        XCTAssertEqual(result.count, 4)
        XCTAssertEqual(result[0], .url("https://a.com/1"))
        XCTAssertEqual(usageKindURL(result[1]), "ftp://a.com/2")
        XCTAssertEqual(usageKindURL(result[2]), "not a url")
        XCTAssertEqual(result[3], .url("https://a.com/4"))
    }

    func test_targetsFromInput_throwsInvalidDataOnURLLinesThatAreNotUTF8() {
        assertInvalidData(try FetchTarget.targets(fromInput: Array("https://a.com/".utf8) + [0xFF, 0x0A]))
    }

    // MARK: - Feed documents

    func test_targetsFromInput_deliversEveryItemURLOfAFeedDocument() throws {
        let input = #"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","description":"d","url":"https://h/image-0"},{"id":"BA298A85-6275-48D3-8315-9C8F7C1CD109","url":"https://h/image-1"}]}"#

        XCTAssertEqual(try targets(input), [.url("https://h/image-0"), .url("https://h/image-1")])
    }

    func test_targetsFromInput_deliversNothingForAnEmptyFeedDocument() throws {
        XCTAssertEqual(try targets("{\"items\":[]}\n"), [])
    }

    func test_targetsFromInput_readsSeveralDocumentsAndErrorRecordsInOrder() throws {
        let input = """
        {"items":[{"url":"https://h/1"}]}
        {"url":"https://h/feed","error":{"kind":"connectivity","message":"refused"}}
        {"items":[{"url":"https://h/2"},{"url":"https://h/3"}]}
        {"error":{"kind":"invalid-data","message":"bad"}}

        """

        XCTAssertEqual(try targets(input), [
            .url("https://h/1"),
            .passOn(ErrorRecord(url: "https://h/feed", ToolError(.connectivity, "refused"))),
            .url("https://h/2"),
            .url("https://h/3"),
            .passOn(ErrorRecord(ToolError(.invalidData, "bad"))),
        ])
    }

    func test_targetsFromInput_passesOnAnErrorRecord() throws {
        let input = #"{"url":"https://h/feed","error":{"kind":"not-found","message":"no cached feed"}}"# + "\n"

        XCTAssertEqual(try targets(input), [.passOn(ErrorRecord(url: "https://h/feed", ToolError(.notFound, "no cached feed")))])
    }

    func test_targetsFromInput_marksAFeedItemWithAnUnsupportedSchemeAsAUsageError() throws {
        let result = try targets(#"{"items":[{"url":"ftp://h/1"},{"url":"https://h/2"}]}"#)

        XCTAssertEqual(result.count, 2)
        XCTAssertEqual(usageKindURL(result[0]), "ftp://h/1")
        XCTAssertEqual(result[1], .url("https://h/2"))
    }

    func test_targetsFromInput_throwsInvalidDataOnMalformedJSON() {
        for input in ["{", "{\"items\":[}", "{\"items\":[]}\n{\"items\":", "{\"items\":[]} garbage", "{'items':[]}"] {
            assertInvalidData(try targets(input), input)
        }
    }

    func test_targetsFromInput_throwsInvalidDataOnMalformedJSONAfterGoodRecords() {
        assertInvalidData(try targets("{\"items\":[{\"url\":\"https://h/1\"}]}\n{\"items\":[{\"url\":"))
    }

    func test_targetsFromInput_throwsInvalidDataOnAResponseRecord() {
        assertInvalidData(try targets(#"{"url":"https://h/feed","status":200,"headers":{},"body":""}"#))
    }

    func test_targetsFromInput_throwsInvalidDataOnADocumentThatIsNotAFeed() {
        for input in [
            "{}",
            #"{"items":null}"#,
            #"{"items":{}}"#,
            #"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"}]}"#,
            #"{"items":[{"url":null}]}"#,
            #"{"items":[{"url":1}]}"#,
            #"{"items":["https://h/1"]}"#,
            #"{"error":{"kind":"nope"}}"#,
        ] {
            assertInvalidData(try targets(input), input)
        }
    }

    // MARK: - Helpers

    private func targets(_ text: String) throws -> [FetchTarget] {
        try FetchTarget.targets(fromInput: Array(text.utf8))
    }

    /// The URL of an `.invalid` target whose error is a usage error; nil otherwise.
    private func usageKindURL(_ target: FetchTarget) -> String? {
        guard case .invalid(let url, let error) = target, error.kind == .usage else { return nil }
        return url
    }

    private func assertInvalidData<T>(_ expression: @autoclosure () throws -> T, _ message: String = "",
                                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), message, file: file, line: line) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .invalidData, "\(message): \(error)", file: file, line: line)
        }
    }
}
