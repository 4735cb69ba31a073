import XCTest
import FeedCore
import FeedPresentation
import FeedTestSupport

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

    func test_escaped_findsEachSpecialCharacterAtEveryOffsetOfALongText() {
        let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        for (special, entity) in entities {
            for offset in 0..<20 {
                for filler in ["x", "\u{E9}", "%"] {
                    let before = String(repeating: filler, count: offset), after = String(repeating: filler, count: 9)
                    XCTAssertEqual(HTMLText.escaped(before + String(special) + after + String(special)),
                                   before + entity + after + entity, "\(special) at \(offset) among \(filler)")
                }
            }
        }
        var generator = SplitMix64(seed: 0x47_4D4C)
        let alphabet = Array("ab &<>\"'é日🔥=;\n")
        for _ in 0..<5_000 {
            let text = String((0..<generator.below(40)).map { _ in alphabet[generator.below(alphabet.count)] })
            XCTAssertEqual(HTMLText.escaped(text), text.map { entities[$0] ?? String($0) }.joined(), text)
        }
    }

    func test_append_addsToWhatIsThere() {
        let bytes = OutputBytes(capacity: 4)
        bytes.append("<p>" as StaticString)
        HTMLText.append("a<b", to: bytes)
        XCTAssertEqual(bytes.text, "<p>a&lt;b")
    }
}
