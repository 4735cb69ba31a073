import XCTest
import FeedTestSupport
import FeedCore
import FeedPresentation

final class TextFormatTests: XCTestCase {

    func test_comments_isEmptyForNoComments() {
        XCTAssertEqual(TextFormat.comments([], now: now), "")
    }

    func test_comments_showsUsernameRelativeDateAndIndentedMessage() {
        let comments = [
            ImageComment(id: anyID, message: "a message", createdAt: now - 3 * 86400, username: "a username"),
            ImageComment(id: anyID, message: "another message", createdAt: now - 5 * 60, username: "another username"),
        ]

        XCTAssertEqual(TextFormat.comments(comments, now: now), """
        a username, 3 days ago
          a message

        another username, 5 minutes ago
          another message

        """)
    }

    func test_comments_indentsEveryLineOfAMultilineMessage() {
        let comment = ImageComment(id: anyID, message: "line 1\nline 2\n\nline 4", createdAt: now, username: "u")

        XCTAssertEqual(TextFormat.comments([comment], now: now), "u, just now\n  line 1\n  line 2\n  \n  line 4\n")
    }

    func test_feed_isEmptyForNoItems() {
        XCTAssertEqual(TextFormat.feed([]), "")
    }

    func test_feed_showsDescriptionThenIndentedLocationAndURL() {
        let items = [
            FeedImage(id: anyID, description: "a description", location: "a location", url: "https://a.com").json,
            FeedImage(id: anyID, url: "https://b.com").json,
            FeedImage(id: anyID, location: "only a location", url: "https://c.com").json,
        ]

        XCTAssertEqual(TextFormat.feed(items), """
        a description
          a location
          https://a.com

        (no description)
          https://b.com

        (no description)
          only a location
          https://c.com

        """)
    }

    func test_feed_showsASpotsDescriptionAuthorAndLikes_eachOnItsOwnLine_andNoEmptyDescriptionLine() {
        let items = [
            FeedSpot(id: anyID, author: "an author", description: "a spot", likes: 3, url: "https://a.com").json,
            FeedSpot(id: anyID, author: "an author", likes: 1, url: "https://b.com").json,
            FeedSpot(id: anyID, author: "another author", description: "", likes: 0, url: "https://c.com").json,
        ]

        XCTAssertEqual(TextFormat.feed(items), """
        a spot
          by an author
          3 likes
          https://a.com

        an author
          1 like
          https://b.com

        another author
          0 likes
          https://c.com

        """)
    }

    func test_feed_showsNoEmptyLineForAnEmptyDescriptionOrLocation() {
        let item = FeedImage(id: anyID, description: "", location: "", url: "https://a.com").json

        XCTAssertEqual(TextFormat.feed([item]), "(no description)\n  https://a.com\n")
    }

    func test_feed_keepsEachFieldOnOneLine() {
        let item = FeedImage(id: anyID, description: "two\nlines", location: "a\r\nb", url: "https://a.com").json

        XCTAssertEqual(TextFormat.feed([item]), "two lines\n  a b\n  https://a.com\n")
    }

    // MARK: - Helpers

    private let now: Int64 = 1589973899
    private let anyID = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"
}

extension TextFormatTests {
    /// Every line break Swift knows (a Character that is a newline) becomes
    /// one space, as before; text with none, "é" and "…" included, is kept
    /// as it is.
    func test_feedItem_joinsLinesAtEveryKindOfLineBreak_andKeepsOtherTextAsItIs() {
        for breakText in ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\n\n"] {
            let item = JSON.object(JSONObject([("description", .string("a\(breakText)b")), ("url", .string("https://h/1"))]))
            XCTAssertEqual(TextFormat.feed([item]), "a b\n  https://h/1\n", "\(Array(breakText.unicodeScalars))")
        }
        // Long texts, the break at every offset of an eight-byte word.
        for breakText in ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            for offset in 0..<17 {
                let before = String(repeating: "x", count: offset), after = String(repeating: "y", count: 12)
                let item = JSON.object(JSONObject([("description", .string(before + breakText + after)), ("url", .string("https://h/1"))]))
                let joined = (before.isEmpty ? "" : before + " ") + after
                XCTAssertEqual(TextFormat.feed([item]), "\(joined)\n  https://h/1\n", "\(Array(breakText.unicodeScalars)) at \(offset)")
            }
        }
        for kept in ["caf\u{E9} \u{2026} \u{2027}\u{202A} \u{C5}\u{A9}", "\u{1F600} plain",
                     "a long line of plain text, then caf\u{E9} \u{2026} \u{2027}\u{202A} and more plain text"] {
            let item = JSON.object(JSONObject([("description", .string(kept)), ("url", .string("https://h/1"))]))
            XCTAssertEqual(TextFormat.feed([item]), "\(kept)\n  https://h/1\n")
        }
    }
}
