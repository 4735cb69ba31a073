import XCTest
import FeedCore
import FeedPresentation

/// Feed text in the page: the five characters that could open or close a
/// tag or a quoted attribute are references; the rest is as it was.
final class HTMLTextTests: XCTestCase {
    func test_escaped_replacesTheFiveSpecialCharacters() {
        XCTAssertEqual(HTMLText.escaped(#"& < > " '"#), "&amp; &lt; &gt; &quot; &#39;")
    }

    func test_escaped_leavesEverythingElseAsItWas() {
        let text = "a plain description, é 日本 🔥 \n\t = / ` ;"
        XCTAssertEqual(HTMLText.escaped(text), text)
        XCTAssertEqual(HTMLText.escaped(""), "")
    }

    func test_escaped_escapesReferencesAgain_soThatTheyShowAsWritten() {
        XCTAssertEqual(HTMLText.escaped("&amp; &#60;"), "&amp;amp; &amp;#60;")
    }

    func test_escaped_hostileMarkupHasNoTagOrQuoteLeft() {
        for hostile in ["<script>alert(1)</script>", #""><img src=x onerror=alert(1)>"#, "</figure><iframe src=https://evil>",
                        "' onmouseover='alert(1)", "<!-- -->", "<![CDATA[x]]>"] {
            let escaped = HTMLText.escaped(hostile)
            XCTAssertFalse(escaped.contains { "<>\"'".contains($0) }, escaped)
        }
    }

    func test_append_addsToWhatIsThere() {
        var bytes = Array("<p>".utf8)
        HTMLText.append("a<b", to: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "<p>a&lt;b")
    }
}
