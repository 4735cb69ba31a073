import XCTest
import FeedCore
import FeedFastPath
import FeedFuzzing
import FeedTestSupport

/// `load --format jsonl|tsv` read where the cached document stands
/// (`CachedFeedLines`) against the reference (`ItemLineFormat` of
/// `CachedBytes.feedItems`): every document `save` writes it takes and
/// writes the reference's lines; any other it writes the same or declines
/// having written nothing (the `cached-lines` fuzz target's properties).
final class CachedFeedLinesDifferentialTests: XCTestCase {
    func test_onSavedDocuments_writesTheReferencesLines_andTakesThemAll() throws {
        // Past 4096 items the texts are read on a helper thread a batch ahead.
        for count in [0, 1, 2, 7, 100, 5_000] {
            let document = Self.saved(count)
            let reference = try CachedBytes(document).feedItems()
            for format in ItemLineFormat.allCases {
                let lines = try XCTUnwrap(Self.lines(document, format), "\(count) items, \(format): a saved document must be taken")
                XCTAssertTrue(lines == format.feedLines(reference), "\(count) items, \(format)")
                XCTAssertEqual(lines.filter { $0 == 0x0A }.count, count, "\(count) items, \(format): a line an item")
            }
        }
    }

    func test_tsv_escapesTheTextsItReadsWhereTheyStand_andThoseItDecodes() throws {
        let id = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"
        let document = Array(#"{"items":[{"id":"\#(id)","description":"a\tb\\c\nd\re\u0009","location":"x\"y","url":"https:\/\/h\/1"},{"id":"\#(id)","author":"me","likes":12,"url":"https://h/2"}]}"#.utf8)
        let lines = try XCTUnwrap(Self.lines(document, .tsv))
        XCTAssertEqual(String(decoding: lines, as: UTF8.self), "\(id)\thttps://h/1\ta\\tb\\\\c\\nd\\re\\t\tx\"y\n\(id)\thttps://h/2\t\t\tme\t12\n")
    }

    /// Control characters, escaped in the JSON (`\u001b`) or raw (a C1 in
    /// UTF-8, DEL), are written by the one escape, as the reference writes them.
    func test_tsv_escapesControlCharacters_escapedOrRawInTheDocument_asTheReference() throws {
        let id = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"
        let document = Array(#"{"items":[{"id":"\#(id)","description":"\u001b]0;t\u0007 \u001B[2J\u009b","location":"\#u{9B}1m\#u{7F}\#u{85}","url":"https://h/1"}]}"#.utf8)
        let lines = try XCTUnwrap(Self.lines(document, .tsv))
        XCTAssertEqual(String(decoding: lines, as: UTF8.self), #"\#(id)\#thttps://h/1\#t\u001B]0;t\u0007 \u001B[2J\u009B\#t\u009B1m\u007F\u0085"# + "\n")
        XCTAssertTrue(lines == ItemLineFormat.tsv.feedLines(try CachedBytes(document).feedItems()))
    }

    func test_jsonl_copiesStoredItems_andWritesOthersCompact() throws {
        let id = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"
        let document = Array(#"{"items":[{"id":"\#(id)","url":"https://h/1"}, { "id" : "\#(id)", "url":"https:\/\/h\/2" }]}"#.utf8)
        let lines = try XCTUnwrap(Self.lines(document, .jsonl))
        XCTAssertEqual(String(decoding: lines, as: UTF8.self), "{\"id\":\"\(id)\",\"url\":\"https://h/1\"}\n{\"id\":\"\(id)\",\"url\":\"https://h/2\"}\n")
    }

    func test_offTheSavedShape_writesTheSameOrDeclinesHavingWrittenNothing() throws {
        let documents = [
            #"{"items":[{"id":"a","url":"https://h/1","url":2}]}"#,
            #"{"items":[{"\u0069d":"x","url":"https://h/1"}]}"#,
            #"{"items":[1,"two",null,[]]}"#,
            #" { "items" : [ { "url" : "https://h/1" } ] } "#,
            #"{"other":1,"items":[]}"#,
            #"{"items":[{"url":"https://h/1"},]}"#,
            #"{"items":[{"url":"https://h/1"}"#,
            "[]",
            "",
        ]
        for text in documents {
            try Self.assertAgrees(Array(text.utf8), text)
        }
        XCTAssertNil(Self.lines(Array("{\"items\":[{\"url\":\"https://h/1\"},]}".utf8), .tsv))
    }

    func test_seededMutationsOfSavedDocuments_writeTheSameOrDecline() throws {
        var mutations = ByteMutations(random: SplitMix64(seed: 0x75_B1),
                                      alphabet: Array(#"{}[]":,\ "0aulr-9nt/\#n\#t"#.utf8) + [0x00, 0x0D, 0x1F, 0xC3, 0xA9, 0xFF])
        let base = Self.saved(9)
        for _ in 0..<2_000 {
            let input = mutations.mutated(base)
            try Self.assertAgrees(input, String(decoding: input, as: UTF8.self))
        }
    }

    func test_aWriterThatStops_stopsTheLines() {
        struct Stop: Error {}
        let document = Self.saved(20_000)
        for format in ItemLineFormat.allCases {
            var writes = 0
            let thrown = document.withUnsafeBytes { bytes -> Bool in
                do throws(Stop) {
                    _ = try CachedFeedLines.write(bytes, as: format) { (_) throws(Stop) in
                        writes += 1
                        throw Stop()
                    }
                    return false
                } catch {
                    return true
                }
            }
            XCTAssertTrue(thrown, "\(format)")
            XCTAssertEqual(writes, 1, "\(format)")
        }
    }

    // MARK: - Helpers

    /// Both schemas' items, with texts to escape and texts with escapes.
    private static func saved(_ count: Int) -> [UInt8] {
        let items: [JSON] = (0..<count).map { index in
            var members: [(key: String, value: JSON)] = [("id", .string("0000000\(index % 10)-0000-4000-8000-000000000000"))]
            if index % 2 == 0 { members.append(("author", .string("a\t\(index)"))) }
            if index % 3 != 0 { members.append(("description", .string("caf\u{E9} \"\(index)\"\n\\ \r\t \u{1F600} \u{1B}]0;t\u{7}\u{9B}\u{7F}"))) }
            if index % 5 == 0 { members.append(("location", .string("L\(index)"))) }
            if index % 2 == 0 { members.append(("likes", .number("\(index)"))) }
            members.append(("url", .string("https://i.example/\(index)")))
            return .object(JSONObject(members))
        }
        return JSONWriter().line(FeedDocument(items: items).json)
    }

    private static func lines(_ document: [UInt8], _ format: ItemLineFormat) -> [UInt8]? {
        var lines: [UInt8] = []
        let reading = document.withUnsafeBytes { bytes in CachedFeedLines.write(bytes, as: format) { lines += $0 } }
        return reading == .written ? lines : nil
    }

    private static func assertAgrees(_ document: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let target = try XCTUnwrap(FuzzTarget.named("cached-lines"), file: file, line: line)
        do {
            try target.check(document)
        } catch {
            XCTFail("\(error): \(what)", file: file, line: line)
        }
    }
}
