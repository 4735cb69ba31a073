import XCTest
import FeedCore

final class RequestHeaderTests: XCTestCase {

    func test_parse_readsNameAndValue() throws {
        XCTAssertEqual(try RequestHeader.parse("X-Token: abc"), RequestHeader(name: "X-Token", value: "abc"))
        XCTAssertEqual(try RequestHeader.parse("X-Token:abc"), RequestHeader(name: "X-Token", value: "abc"))
        XCTAssertEqual(try RequestHeader.parse("Referer: https://h/a?b=c:d"), RequestHeader(name: "Referer", value: "https://h/a?b=c:d"))
        XCTAssertEqual(try RequestHeader.parse("Accept: café au lait"), RequestHeader(name: "Accept", value: "café au lait"))
    }

    func test_parse_trimsTheValuesSurroundingSpacesAndTabsOnly() throws {
        XCTAssertEqual(try RequestHeader.parse("Accept: \t application/json  \t").value, "application/json")
        XCTAssertEqual(try RequestHeader.parse("X-List: a  b, c").value, "a  b, c")
    }

    func test_parse_refusesATabWithinTheValue_aControlByteLikeTheOthers() {
        XCTAssertThrowsError(try RequestHeader.parse("X-List: a  b,\tc")) { error in
            XCTAssertEqual((error as? ToolError)?.message, "malformed header 'X-List': a control character in its value")
        }
    }

    func test_parse_takesEveryTokenCharacterInAName() throws {
        let name = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        XCTAssertEqual(try RequestHeader.parse("\(name): v").name, name)
    }

    func test_parse_readsAnEmptyValueAsCurlDoes() throws {
        XCTAssertEqual(try RequestHeader.parse("User-Agent:"), RequestHeader(name: "User-Agent", value: nil), "NAME: removes the header")
        XCTAssertEqual(try RequestHeader.parse("User-Agent:  \t "), RequestHeader(name: "User-Agent", value: nil))
        XCTAssertEqual(try RequestHeader.parse("X-Empty;"), RequestHeader(name: "X-Empty", value: ""), "NAME; sends it empty")
        XCTAssertEqual(try RequestHeader.parse("X-Empty; "), RequestHeader(name: "X-Empty", value: ""))
    }

    func test_line_isCurlsFormAndReadsBack() throws {
        let headers = [RequestHeader(name: "X-A", value: "1 2"), RequestHeader(name: "X-B", value: ""), RequestHeader(name: "X-C", value: nil)]

        XCTAssertEqual(headers.map(\.line), ["X-A: 1 2", "X-B;", "X-C:"])
        XCTAssertEqual(try headers.map { header throws(ToolError) in try RequestHeader.parse(header.line) }, headers)
    }

    func test_parse_rejectsMalformedHeadersAsUsageNeverShowingTheValue() {
        let secret = "s3cr3t-T0k3n"
        let cases: [(line: String, names: String?)] = [
            ("Authorization Bearer \(secret)", nil),          // no colon
            (secret, nil),
            ("X-Token; \(secret)", nil),                      // not the NAME; form
            ("X-Token: \(secret)\r\nX-Other: 1", "'X-Token'"),
            ("X-Token: \(secret)\n", "'X-Token'"),
            ("X-Token: \(secret)\r", "'X-Token'"),
            ("\(secret)\r\n", nil),
            ("X Token: \(secret)", "'X…'"),                   // bad names
            (" X-Token: \(secret)", nil),
            ("X-Token : \(secret)", "'X-Token…'"),
            ("Na(me): \(secret)", "'Na…'"),
            ("Ünï: \(secret)", nil),
            ("X-Token;: \(secret)", "'X-Token…'"),
            (": \(secret)", nil),                             // no name
            ("X-Token: \(secret)\u{0}", "'X-Token'"),          // control characters
            ("X-Token: \u{1B}[31m\(secret)", "'X-Token'"),
            ("X-Token: \(secret)\u{7F}", "'X-Token'"),
        ]
        for (line, names) in cases {
            XCTAssertThrowsError(try RequestHeader.parse(line), "\(line.debugDescription)") { error in
                guard let error = error as? ToolError else { return XCTFail("not a ToolError: \(error)") }
                XCTAssertEqual(error.kind, .usage, line.debugDescription)
                XCTAssertTrue(error.message.hasPrefix("malformed header"), error.message)
                XCTAssertFalse(error.message.contains("3cr3t"), "the value leaked: \(error.message)")
                if let names { XCTAssertTrue(error.message.contains(names), "\(error.message) should name \(names)") }
            }
        }
    }

    func test_description_showsTheNameNeverTheValue() {
        let header = RequestHeader(name: "Authorization", value: "Bearer s3cr3t")

        XCTAssertEqual("\(header)", "Authorization: …")
        XCTAssertFalse(String(reflecting: header).contains("s3cr3t"))
        XCTAssertFalse("\([header])".contains("s3cr3t"))
    }

    func test_merged_letsALaterHeaderOfTheSameNameInAnyCaseReplaceAnEarlierOne() {
        let headers = [
            RequestHeader(name: "Accept", value: "text/plain"),
            RequestHeader(name: "X-Token", value: "1"),
            RequestHeader(name: "accept", value: "application/json"),
            RequestHeader(name: "X-Other", value: ""),
            RequestHeader(name: "X-TOKEN", value: nil),
        ]

        XCTAssertEqual(RequestHeader.merged(headers), [
            RequestHeader(name: "accept", value: "application/json"),
            RequestHeader(name: "X-TOKEN", value: nil),
            RequestHeader(name: "X-Other", value: ""),
        ])
        XCTAssertEqual(RequestHeader.merged([]), [])
        XCTAssertEqual(RequestHeader.merged(Array(headers.prefix(2))), Array(headers.prefix(2)))
    }

    // MARK: - -H @FILE

    func test_linesFromFile_readsOneHeaderALineSkippingBlankAndCommentLines() throws {
        let file = "Accept: application/json\nX-Token: abc\r\n\n  \t\n# a comment: x\n  \t# an indented one\r\nX-Empty;\r\nUser-Agent:\nX-Hash: #not-a-comment"

        XCTAssertEqual(try RequestHeader.lines(fromFile: Array(file.utf8)), [
            RequestHeader(name: "Accept", value: "application/json"),
            RequestHeader(name: "X-Token", value: "abc"),
            RequestHeader(name: "X-Empty", value: ""),
            RequestHeader(name: "User-Agent", value: nil),
            RequestHeader(name: "X-Hash", value: "#not-a-comment"),
        ])
    }

    func test_linesFromFile_readsNothingFromAFileOfNoHeaders() throws {
        for file in ["", "\n", "\r\n\r\n", "# only\n#comments", "   \n\t"] {
            XCTAssertEqual(try RequestHeader.lines(fromFile: Array(file.utf8)), [], file.debugDescription)
        }
    }

    func test_linesFromFile_keepsTheOrderAndRepeatsOfTheFile() throws {
        let file = "X-A: 1\nX-B: 2\nx-a: 3\n"

        let headers = try RequestHeader.lines(fromFile: Array(file.utf8))

        XCTAssertEqual(headers.map(\.line), ["X-A: 1", "X-B: 2", "x-a: 3"])
        XCTAssertEqual(RequestHeader.merged(headers).map(\.line), ["x-a: 3", "X-B: 2"])
    }

    func test_linesFromFile_rejectsAMalformedLineNamingItsNumberNeverItsValue() {
        let cases: [(file: [UInt8], message: String)] = [
            (Array("X-A: 1\n\n# c\ns3cr3t-token\n".utf8), "line 4: malformed header (no colon)"),
            (Array("X-A: 1\nX-Token: s3cr3t\rX-B: 2\n".utf8), "line 2: malformed header 'X-Token': CR or LF"),
            (Array("X Token: s3cr3t\r\n".utf8), "line 1: malformed header 'X…'"),
            (Array("X-Token: s3cr3t".utf8) + [0xFF, 0x0A], "line 1: malformed header 'X-Token': its value is not valid UTF-8"),
            (Array(" X-Token: s3cr3t\n".utf8), "line 1: malformed header: a header name"),
        ]
        for (file, message) in cases {
            XCTAssertThrowsError(try RequestHeader.lines(fromFile: file)) { error in
                guard let error = error as? ToolError else { return XCTFail("not a ToolError: \(error)") }
                XCTAssertEqual(error.kind, .usage)
                XCTAssertTrue(error.message.hasPrefix(message), "\(error.message) should start \(message)")
                XCTAssertFalse(error.message.contains("3cr3t"), "the value leaked: \(error.message)")
            }
        }
    }
}
