import XCTest
import FeedCore
@testable import FeedFastPath

/// Every reader of `JSONCursor` against the reference on what the cursor
/// decides for all of them: an item's member nested one below, at and one
/// above `JSONReader`'s limit of 512 open containers; a repeated key; a key
/// spelt with escapes; keys that nearly match a field's name. feed-map's
/// payload (bare and in a record) through its loop as `FeedMapping.run`
/// drives it; the cached document through `CachedFeedIDs` (ids) and
/// `CachedFeedItems` (text, html: `forEachTexts`; image missing:
/// `forEachStored`). Each gives the reference's answer or declines,
/// and takes the document where the reference reads it at the limit.
final class ReaderEdgesDifferentialTests: XCTestCase, FastFeedMapperDifferentialTesting {
    private static let id = "3f2c8e1a-5b7d-4c9e-8a1b-2d3e4f5a6b7c"

    /// An item whose `extra` member holds `levels` nested arrays, so that
    /// its innermost is the `containersAround + 2 + levels`th container open.
    private static func nestedItem(_ levels: Int) -> String {
        #"{"id":"\#(id)","extra":\#(String(repeating: "[", count: levels))\#(String(repeating: "]", count: levels)),"image":"https://i.example/1"}"#
    }

    /// Levels for a member so that the document's deepest container is
    /// one below, at, and one above the reference's limit (the payload or
    /// document, its array and the item are the first three).
    private static var levelsAroundTheLimit: [Int] {
        let limit = JSONReader.defaultMaxDepth
        return [limit - 4, limit - 3, limit - 2]
    }

    func test_feedMap_bareAndRecord_agreesWithTheReference_belowAtAndAboveTheDepthLimit() {
        var failures = FailureLog(self)
        for levels in Self.levelsAroundTheLimit {
            let payload = #"{"items":[\#(Self.nestedItem(levels))]}"#
            let readable = (try? JSONReader.parseSingle(Array(payload.utf8))) != nil
            XCTAssertEqual(readable, levels + 3 <= JSONReader.defaultMaxDepth)
            for (way, input) in [("bare", Array(payload.utf8)), ("record", Self.record(payload))] {
                compare(input, schema: .images, expected: Self.reference(input, schema: .images), label: "\(way), \(levels + 3) deep",
                        failures: &failures)
                let run = Self.fastThenReference(input, schema: .images)
                XCTAssertEqual(run.taken, readable ? 1 : 0, "\(way), \(levels + 3) deep: the fast path takes what the reference reads")
            }
        }
    }

    func test_feedMap_agreesWithTheReference_onRepeatedEscapedAndNearlyMatchingKeys() {
        var failures = FailureLog(self)
        for item in Self.keyEdges {
            let payload = #"{"items":[\#(item)]}"#
            for (way, input) in [("bare", Array(payload.utf8)), ("record", Self.record(payload))] {
                compare(input, schema: .images, expected: Self.reference(input, schema: .images), label: "\(way): \(item)",
                        failures: &failures)
            }
        }
        for envelope in [#"{"items":[],"items":[ITEM]}"#, #"{"items":[ITEM],"items":[]}"#, #"{"\u0069tems":[ITEM]}"#,
                         #"{"item":[ITEM],"items":[]}"#, #"{"Items":[ITEM],"items":[ITEM]}"#, #"{"items ":[],"items":[ITEM]}"#] {
            let payload = envelope.replacingOccurrences(of: "ITEM", with: Self.nestedItem(1))
            for (way, input) in [("bare", Array(payload.utf8)), ("record", Self.record(payload))] {
                compare(input, schema: .images, expected: Self.reference(input, schema: .images), label: "\(way): \(payload)",
                        failures: &failures)
            }
        }
    }

    func test_cachedReaders_agreeWithTheReference_belowAtAndAboveTheDepthLimit() {
        for levels in Self.levelsAroundTheLimit {
            let document = Array(#"{"items":[\#(Self.storedItem(extra: String(repeating: "[", count: levels) + String(repeating: "]", count: levels)))]}"#.utf8)
            let readable = (try? CachedBytes(document).feedItems()) != nil
            XCTAssertEqual(readable, levels + 3 <= JSONReader.defaultMaxDepth)
            assertCachedReadersAgree(document, "\(levels + 3) deep", mustTake: readable)
        }
    }

    func test_cachedReaders_agreeWithTheReference_onRepeatedEscapedAndNearlyMatchingKeys() {
        let items = [
            #"{"id":"\#(Self.id)","url":"https://i.example/1","id":"another"}"#,
            #"{"id":"\#(Self.id)","url":"https://i.example/1","url":2}"#,
            #"{"id":"\#(Self.id)","url":2,"url":"https://i.example/1"}"#,
            #"{"\u0069d":"\#(Self.id)","url":"https://i.example/1"}"#,
            #"{"id":"\#(Self.id)","\u0075rl":"https://i.example/1"}"#,
            #"{"id":"\#(Self.id)","url":"https://i.example/1","descriptio\u006e":"x"}"#,
            #"{"Id":"\#(Self.id)","url":"https://i.example/1"}"#,
            #"{"id ":"\#(Self.id)","id":"\#(Self.id)","url":"https://i.example/1"}"#,
            #"{"id":"\#(Self.id)","urls":"https://i.example/1","ur":"x","url":"https://i.example/2"}"#,
            #"{"id":"\#(Self.id)","url":"https://i.example/1","locatio":"x","location":"y","location":"z"}"#,
        ]
        for item in items {
            assertCachedReadersAgree(Array(#"{"items":[\#(item)]}"#.utf8), item, mustTake: false)
        }
        for document in [#"{"items":[],"items":[]}"#, #"{"\u0069tems":[]}"#, #"{"Items":[]}"#, #"{"items":[],"x":1}"#] {
            assertCachedReadersAgree(Array(document.utf8), document, mustTake: false)
        }
    }

    // MARK: - Helpers

    private static var keyEdges: [String] {
        [
            #"{"id":"\#(id)","image":"https://i.example/1","id":"not a uuid"}"#,
            #"{"id":"not a uuid","image":"https://i.example/1","id":"\#(id)"}"#,
            #"{"id":"\#(id)","image":"https://i.example/1","description":null,"description":"d"}"#,
            #"{"id":"\#(id)","image":"https://i.example/1","description":"d","description":null}"#,
            #"{"\u0069d":"\#(id)","image":"https://i.example/1"}"#,
            #"{"id":"\#(id)","imag\u0065":"https://i.example/1"}"#,
            #"{"Id":"\#(id)","image":"https://i.example/1"}"#,
            #"{"id":"\#(id)","image ":"https://i.example/1"}"#,
            #"{"id":"\#(id)","images":"https://i.example/1","image":"https://i.example/2","imag":"x"}"#,
            #"{"id":"\#(id)","image":"https://i.example/1","locatio":"x","location":"y"}"#,
        ]
    }

    private static func storedItem(extra: String) -> String {
        #"{"id":"\#(id)","url":"https://i.example/1","extra":\#(extra)}"#
    }

    /// `payload` as a response record's body, as feed-fetch writes it.
    private static func record(_ payload: String) -> [UInt8] {
        let record = JSON.object(JSONObject([("url", .string("https://api.example/v1/feed")), ("status", .number("200")),
                                             ("headers", .object(JSONObject([]))), ("body", .string(payload))]))
        return JSONWriter().line(record)
    }

    /// Each cached reader gives the reference's answer or declines; with
    /// `mustTake`, each takes the document.
    private func assertCachedReadersAgree(_ document: [UInt8], _ what: String, mustTake: Bool,
                                          file: StaticString = #filePath, line: UInt = #line) {
        let reference = try? CachedBytes(document).feedItems()
        document.withUnsafeBytes { bytes in
            var written: [UInt8] = []
            let ids = CachedFeedIDs.write(bytes) { (chunk: UnsafeRawBufferPointer) in written += chunk }
            XCTAssertNotEqual(ids, .passesDisagree, what, file: file, line: line)
            if ids == .written {
                let lines = reference.map { $0.map { ($0[FeedItemField.id.name]?.stringValue ?? "?") + "\n" }.joined() }
                XCTAssertEqual(lines, String(decoding: written, as: UTF8.self), "ids: \(what)", file: file, line: line)
            } else {
                XCTAssertTrue(written.isEmpty, "ids declined after writing: \(what)", file: file, line: line)
            }
            if mustTake { XCTAssertEqual(ids, .written, "ids must take: \(what)", file: file, line: line) }
            for noting in [false, true] {
                guard let items = CachedFeedItems(bytes, notingStoredItems: noting) else {
                    XCTAssertFalse(mustTake, "items must take: \(what)", file: file, line: line)
                    continue
                }
                guard let reference else { return XCTFail("took what the reference cannot read: \(what)", file: file, line: line) }
                var texts: [FeedItemTexts] = [], stored: [JSON] = []
                XCTAssertTrue(items.forEachTexts { texts.append($0.texts) }, what, file: file, line: line)
                XCTAssertTrue(items.forEachStored { item in
                    switch item {
                    case .stored(let item): stored.append((try? JSONReader.parseSingle(Array(item.bytes))) ?? .null)
                    case .read(let value): stored.append(value)
                    }
                }, what, file: file, line: line)
                XCTAssertEqual(stored, reference, "forEachStored: \(what)", file: file, line: line)
                XCTAssertEqual(texts, reference.map(FeedItemTexts.init), "forEachTexts: \(what)", file: file, line: line)
                XCTAssertEqual(items.count, reference.count, what, file: file, line: line)
                if items.everyItemHasURL {
                    XCTAssertTrue(reference.allSatisfy { $0[FeedItemField.url.name]?.stringValue != nil }, "url: \(what)", file: file, line: line)
                }
            }
        }
    }
}
