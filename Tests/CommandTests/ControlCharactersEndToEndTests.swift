import Foundation
import LoopbackHTTP
import XCTest
import FeedCore
import FeedTestSupport

/// What people read never carries a control character as it came: every
/// `text` and `tsv` output of every command (feed-map, feed-comments,
/// feed-cache save and load, the fast path and the reference), the messages
/// on stderr and `feed-fetch -v`, fed a terminal title (ESC ] 0 ; … BEL), a
/// screen clear (ESC [2J), DEL and a C1 CSI (U+009B) in every text field,
/// write each one escaped the one way (`\u001B`), checked on the bytes; a
/// tsv field reads back to the very value.
final class ControlCharactersEndToEndTests: XCTestCase {
    /// The hostile text, as the JSON of a document spells it, and as it is.
    static let hostileJSON = #"t\u001b]0;owned\u0007 \u001b[2J\u007f\u009b31m\u0080\u009f end"#
    static let hostile = "t\u{1B}]0;owned\u{7} \u{1B}[2J\u{7F}\u{9B}31m\u{80}\u{9F} end"
    static let shown = #"t\u001B]0;owned\u0007 \u001B[2J\u007F\u009B31m\u0080\u009F end"#

    static let feed = """
    {"items":[{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","image":"https://h/1.png","description":"\(hostileJSON)","location":"L \(hostileJSON)"}]}
    """
    static let spots = """
    {"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","author":"A \(hostileJSON)","likes":3,"image":"https://h/s"}]}
    """
    static let comments = """
    {"items":[{"id":"7019D8A7-0B35-4057-B7F9-8C5471961ED0","message":"M \(hostileJSON)","created_at":"2020-05-20T11:24:59Z","author":{"username":"U \(hostileJSON)"}}]}
    """

    func test_feedMap_textAndTsv_showEveryControlCharacterEscaped() throws {
        for (schema, payload) in [("images", Self.feed), ("spots", Self.spots)] {
            for format in ["text", "tsv"] {
                let result = try Command.run("feed-map", ["--schema", schema, "--format", format], stdin: payload)
                XCTAssertEqual(result.status, 0, result.err)
                assertNoControlCharacters(result.stdout, format: format, "feed-map \(schema) \(format)")
                XCTAssertTrue(result.out.contains(Self.shown), "feed-map \(schema) \(format): \(result.out)")
            }
        }
    }

    func test_feedComments_textAndTsv_showEveryControlCharacterEscaped() throws {
        for format in ["text", "tsv"] {
            let result = try Command.run("feed-comments", ["--format", format], stdin: Self.comments)
            XCTAssertEqual(result.status, 0, result.err)
            assertNoControlCharacters(result.stdout, format: format, "feed-comments \(format)")
            XCTAssertTrue(result.out.contains("U " + Self.shown), result.out)
            XCTAssertTrue(result.out.contains("M " + Self.shown), result.out)
        }
    }

    /// save's output and load's, the second from the cached document read
    /// where it lies (the fast path), a small feed and a large one (read a
    /// batch ahead on a second thread).
    func test_feedCache_saveAndLoad_textAndTsv_showEveryControlCharacterEscaped() throws {
        let many = (0..<3_000).map { index in
            #"{"id":"00000000-0000-4000-8000-\#(String(100_000_000_000 + index))","url":"https://h/\#(index)","description":"\#(Self.hostileJSON)","location":"\#(Self.hostileJSON)"}"#
        }
        let large = "{\"items\":[" + many.joined(separator: ",") + "]}\n"
        for document in [try Command.run("feed-map", [], stdin: Self.feed).out, large] {
            let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
            for format in ["text", "tsv"] {
                let saved = try Command.run("feed-cache", ["save", "--format", format], stdin: document, environment: env)
                XCTAssertEqual(saved.status, 0, saved.err)
                assertNoControlCharacters(saved.stdout, format: format, "save \(format)")
                let loaded = try Command.run("feed-cache", ["load", "--format", format], environment: env)
                XCTAssertEqual(loaded.status, 0, loaded.err)
                assertNoControlCharacters(loaded.stdout, format: format, "load \(format)")
                XCTAssertTrue(loaded.out.contains(Self.shown), String(loaded.out.prefix(300)))
                XCTAssertEqual(loaded.out, saved.out, "load writes what save wrote")
            }
        }
    }

    /// Each tsv field, its escapes read back, is the value the document holds.
    func test_tsv_readsBackToTheValues() throws {
        let result = try Command.run("feed-map", ["--format", "tsv"], stdin: Self.feed)
        let fields = result.out.dropLast().split(separator: "\t", omittingEmptySubsequences: false).map {
            ControlEscape.unescaped(Array($0.utf8)).map { String(decoding: $0, as: UTF8.self) }
        }
        XCTAssertEqual(fields, ["73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "https://h/1.png", Self.hostile, "L " + Self.hostile])
    }

    /// A message on stderr escapes its subject the same way: a URL of
    /// feed-fetch holding the title sequence.
    func test_aMessage_showsTheControlCharactersOfItsSubjectEscaped() throws {
        let result = try Command.run("feed-fetch", ["http://127.0.0.1:1/\u{1B}]0;owned\u{7}\u{9B}x"])
        XCTAssertNotEqual(result.status, 0)
        assertNoControlCharacters(result.stderr, format: "text", "stderr")
        XCTAssertTrue(result.err.contains(#"\u001B]0;owned\u0007\u009Bx"#), result.err)
    }

    /// `-v`: a server's header lines, ESC, BEL, DEL, SOH and a C1 in them, reach stderr escaped; stdout is as without -v.
    func test_verbose_showsAServersControlCharactersEscaped() throws {
        let server = try serve(["/v1/feed": .respond(status: 200, headers: [
            ("X-Title", "\u{1B}]0;owned\u{7}"), ("X-Clear", "\u{1B}[2J\u{7F}\u{9B}1m"), ("X-Bell", "a\u{7}b\u{1}"),
        ], body: Array("{\"items\":[]}".utf8))])
        let plain = try Command.run("feed-fetch", [server.url("/v1/feed")])
        let result = try Command.run("feed-fetch", ["-v", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.status, plain.status)
        assertNoControlCharacters(result.stderr, format: "text", "-v")
        let lines = result.errLines
        XCTAssertTrue(lines.contains(#"< X-Title: \u001B]0;owned\u0007"#), result.err)
        XCTAssertTrue(lines.contains(#"< X-Clear: \u001B[2J\u007F\u009B1m"#), result.err)
        XCTAssertTrue(lines.contains(#"< X-Bell: a\u0007b\u0001"#), result.err)
    }

    /// No byte below 0x20 but the format's own separators (tsv: tab and
    /// newline; text: newline), no DEL, no C1 in UTF-8 (C2 80 to C2 9F).
    private func assertNoControlCharacters(_ bytes: [UInt8], format: String, _ context: String,
                                           file: StaticString = #filePath, line: UInt = #line) {
        let allowed: Set<UInt8> = format == "tsv" ? [0x09, 0x0A] : [0x0A]
        XCTAssertFalse(bytes.isEmpty, context, file: file, line: line)
        for (index, byte) in bytes.enumerated() {
            if (byte < 0x20 && !allowed.contains(byte)) || byte == 0x7F
                || (byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])) {
                XCTFail("\(context): control byte \(byte) at \(index) in \(String(decoding: bytes, as: UTF8.self).prefix(300))", file: file, line: line)
                return
            }
        }
    }
}
