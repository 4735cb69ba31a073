import XCTest
import FeedCore

/// `Record.classify`: responses, errors and documents told apart.
final class RecordClassifyTests: XCTestCase, RecordTesting {

    func test_classify_sortsResponsesErrorsAndDocuments() throws {
        XCTAssertEqual(try Record.classify(parse(#"{"url":"u","status":200,"body":""}"#)),
                       .response(ResponseRecord(url: "u", status: 200)))
        XCTAssertEqual(try Record.classify(parse(#"{"url":"u","error":{"kind":"connectivity","message":"m"}}"#)),
                       .error(ErrorRecord(url: "u", ToolError(.connectivity, "m"))))
        XCTAssertEqual(try Record.classify(parse(#"{"items":[]}"#)), .document(JSONObject([("items", .array([]))])))
    }

    func test_classify_takesErrorBeforeStatusBeforeItems() throws {
        let errorAndStatus = try Record.classify(parse(#"{"url":"u","status":200,"body":"","error":{"kind":"saving"},"items":[]}"#))
        let statusAndItems = try Record.classify(parse(#"{"items":[],"url":"u","status":200,"body":""}"#))

        XCTAssertEqual(errorAndStatus, .error(ErrorRecord(url: "u", ToolError(.saving, "saving"))))
        XCTAssertEqual(statusAndItems, .response(ResponseRecord(url: "u", status: 200)))
    }

    func test_classify_keepsADocumentWhoseItemsAreNotAnArrayForTheMapperToReject() throws {
        // "items" is the shape's key; the mapper judges what it holds.
        XCTAssertEqual(try Record.classify(parse(#"{"items":null}"#)), .document(JSONObject([("items", .null)])))
    }

    func test_classify_throwsInvalidDataOnOtherValues() {
        for text in ["[]", "1", "\"items\"", "null", "true", "{}", #"{"url":"u"}"#, #"{"Items":[]}"#, #"{"url":"u","status":"200","body":""}"#,
                     #"{"error":{"kind":"nope"}}"#] {
            XCTAssertThrowsError(try Record.classify(parse(text)), text) { error in
                XCTAssertEqual((error as? ToolError)?.kind, .invalidData, "\(text): \(error)")
            }
        }
    }
}
