import XCTest
import FeedCore

/// FeedPage: what `--paginate` reads of a page's body (is it a payload, how
/// many items, the last item's id as the server wrote it).
final class PaginationPageScanTests: XCTestCase {

    func test_init_countsTheItemsAndTakesTheLastIDAsWritten() {
        let body = #"{"items":[{"id":"a1b2"},{"id":"73a7f70c-75da-4c2e-b5a3-eed40dc53aa6","image":"https://h/i"}],"next":null}"#

        XCTAssertEqual(page(body), FeedPage(itemCount: 2, lastID: "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6"))
    }

    func test_init_unescapesTheIDButNeitherUpperCasesNorNormalisesIt() {
        XCTAssertEqual(page(#"{"items":[{"id":"a\/b\u0020c\"d"}]}"#)?.lastID, #"a/b c"d"#)
        let decomposed = "e\u{301}" // not folded into "é" (U+00E9)
        let id = page(#"{"items":[{"id":"\#(decomposed)"}]}"#)?.lastID
        XCTAssertEqual(id.map { Array($0.utf8) }, Array(decomposed.utf8))
    }

    func test_init_readsAnEmptyPage() {
        XCTAssertEqual(page(#" {"items":[]} "#), FeedPage(itemCount: 0, lastID: nil))
    }

    func test_init_countsItemsThatTheMapperWouldRejectButHasNoIDWithoutAStringID() {
        for last in ["42", #"{"id":7}"#, #"{"id":null}"#, #"{"id":""}"#, #"{"uuid":"x"}"#, #""a string""#] {
            XCTAssertEqual(page(#"{"items":[{"id":"first"},\#(last)]}"#), FeedPage(itemCount: 2, lastID: nil), last)
        }
    }

    func test_init_takesTheIDOfTheLastItemOnly() {
        XCTAssertEqual(page(#"{"items":[{"id":"x"},{"image":"https://h/i"}]}"#)?.lastID, nil)
    }

    func test_init_isNilForABodyThatIsNotAPayload() {
        for body in ["", "not json", "[]", #"{"items":{}}"#, #"{"item":[]}"#, #"{"items":null}"#,
                     #"{"items":[]} {"items":[]}"#, #"{"items":[],}"#, "\u{FEFF}{\"items\":[]}"] {
            XCTAssertNil(page(body), body)
        }
    }

    func test_init_isNilForABodyThatIsNotUTF8() {
        XCTAssertNil(FeedPage(body: Array(#"{"items":[{"id":""#.utf8) + [0xFF, 0xFE] + Array(#""}]}"#.utf8)))
    }

    private func page(_ body: String) -> FeedPage? {
        FeedPage(body: Array(body.utf8))
    }
}
