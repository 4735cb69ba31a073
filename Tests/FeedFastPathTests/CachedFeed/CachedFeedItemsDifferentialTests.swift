import XCTest
import FeedCore
@testable import FeedFastPath
import FeedFuzzing
import FeedTestSupport

/// The cached document read item by item (`CachedFeedItems`) against the
/// reference reading of it whole (`CachedBytes.feedItems`): on the documents
/// `save` writes it takes them all and reads the same items; on anything
/// else it reads the same items or declines.
final class CachedFeedItemsDifferentialTests: XCTestCase {

    func test_onSavedDocuments_readsWhatTheReferenceReads_andTakesThemAll() throws {
        for count in [0, 1, 2, 7, 100, 3_000] {
            let document = Self.saved(count)
            let streamed = try XCTUnwrap(Self.streamed(document), "\(count) items: a saved document must be taken")
            XCTAssertEqual(streamed.items, try CachedBytes(document).feedItems(), "\(count) items")
            XCTAssertEqual(streamed.texts, try CachedBytes(document).feedItems().map(FeedItemTexts.init), "\(count) items")
            XCTAssertEqual(streamed.count, count)
            XCTAssertTrue(streamed.everyItemHasURL)
        }
    }

    func test_offTheSavedShape_readsTheSameOrDeclines() throws {
        let documents = [
            #"{"items":[{"id":"a","url":"https://h/1","url":2}]}"#,
            #"{"items":[{"url":2,"url":"https://h/1"}]}"#,
            #"{"items":[{"\u0075rl":"https://h/1"}]}"#,
            #"{"items":[1,"two",null,[]]}"#,
            #" { "items" : [ { "url" : "https://h/1" } ] } "#,
            #"{"other":1,"items":[]}"#,
            #"{"items":[{"url":"https://h/1"}],"items":[]}"#,
            #"{"items":[{"url":"https://h/1"},]}"#,
            #"{"items":[{"url":"https://h/1"}]} x"#,
            #"{"items":[{"url":"https://h/1"}"#,
            #"{"items":[{"url":"\ud800"}]}"#,
            "[]",
            "",
        ]
        for text in documents {
            try Self.assertAgrees(Array(text.utf8), text)
        }
    }

    func test_seededMutationsOfSavedDocuments_readTheSameOrDecline() throws {
        var mutations = ByteMutations(random: SplitMix64(seed: 0x17E_45),
                                      alphabet: Array(#"{}[]":,\ "0aulr-9n/\#n"#.utf8) + [0x00, 0x1F, 0xC3, 0xA9, 0xFF])
        let base = Self.saved(9)
        for _ in 0..<3_000 {
            let input = mutations.mutated(base)
            try Self.assertAgrees(input, String(decoding: input, as: UTF8.self))
        }
    }

    // MARK: - Helpers

    /// Large documents, checked by two threads (`SplitDocuments`), and one
    /// whose second half has an item without a url.
    func test_onLargeDocuments_checkedByTwoThreads_readsWhatTheReferenceReadsOrDeclines() throws {
        // Two items in three as `save` stores them (a UUID, a raw "é"), the third escaped.
        func item(_ index: Int, _ extra: String, url: Bool = true) -> String {
            let e = index % 3 == 0 ? #"\u00e9"# : "\u{E9}"
            return #"{"id":"00000000-0000-4000-8000-\#(String(100_000_000_000 + index))","description":"caf\#(e) \#(index)"\#(extra)"#
                + (url ? #","url":"https://i.example/\#(index)"}"# : "}")
        }
        let count = 60_000
        var variants = SplitDocuments.variants(count: count) { item($0, $1) }
        var urlless = variants[0].items
        urlless[count * 3 / 4] = item(count * 3 / 4, "", url: false)
        variants.append(("urlless", urlless, true))
        for (name, items, readable) in variants {
            let document = SplitDocuments.document(items)
            XCTAssertGreaterThan(document.count, 4 << 20, name)
            let streamed = Self.streamed(document)
            XCTAssertEqual(streamed != nil, readable, name)
            guard let streamed else { continue }
            let reference = try CachedBytes(document).feedItems()
            XCTAssertEqual(streamed.count, reference.count, name)
            XCTAssertTrue(streamed.items == reference, name)
            XCTAssertTrue(streamed.texts == reference.map(FeedItemTexts.init), name)
            XCTAssertEqual(streamed.everyItemHasURL, name != "urlless", name)
            let given = document.withUnsafeBytes { bytes in (CachedFeedItems(bytes).map(Self.given), CachedFeedItems(bytes, notingStoredItems: true).map(Self.given)) }
            XCTAssertEqual(given.1, given.0, "\(name): noted by the first pass")
            XCTAssertEqual(given.1?.filter { $0.hasPrefix("stored") }.count, count * 2 / 3, name) // the nested item is an escaped one
        }
    }

    private static func saved(_ count: Int) -> [UInt8] {
        let items: [JSON] = (0..<count).map { index in
            var members: [(key: String, value: JSON)] = [("id", .string("0000000\(index % 10)-0000-4000-8000-000000000000"))]
            if index % 3 != 0 { members.append(("description", .string("caf\u{E9} \"\(index)\"\n\\ \u{1F600}"))) }
            if index % 4 == 0 { members.append(("likes", .number("\(index)"))) }
            members.append(("url", .string("https://i.example/\(index)")))
            return .object(JSONObject(members))
        }
        return JSONWriter().line(FeedDocument(items: items).json)
    }

    static func streamed(_ document: [UInt8]) -> (items: [JSON], texts: [FeedItemTexts], count: Int, everyItemHasURL: Bool)? {
        document.withUnsafeBytes { bytes in
            guard let items = CachedFeedItems(bytes) else { return nil }
            let read = items.storedValues ?? []
            XCTAssertNotNil(items.storedValues)
            var texts: [FeedItemTexts] = []
            XCTAssertTrue(items.forEachTexts { texts.append($0.texts) })
            return (read, texts, items.count, items.everyItemHasURL)
        }
    }

    private static func assertAgrees(_ document: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        // The fuzz target's properties, forEachStored's among them.
        do {
            try FuzzTarget.named("cached-items")?.check(document)
        } catch {
            XCTFail("\(error): \(what)", file: file, line: line)
        }
        guard let streamed = streamed(document) else { return }
        guard let reference = try? CachedBytes(document).feedItems() else {
            return XCTFail("took what the reference cannot read: \(what)", file: file, line: line)
        }
        XCTAssertEqual(streamed.items, reference, what, file: file, line: line)
        XCTAssertEqual(streamed.count, reference.count, what, file: file, line: line)
        if streamed.everyItemHasURL {
            XCTAssertTrue(reference.allSatisfy { $0[FeedItemField.url.name]?.stringValue != nil }, "said every item has a url: \(what)",
                          file: file, line: line)
        }
    }
}

extension CachedFeedItemsDifferentialTests {
    /// `image missing` copies an item as it stands where it reads back to
    /// its own bytes (a raw "é", not `\u00e9`; no space), with its url.
    func test_forEachStored_givesSavedItemsAsTheyStand_andOthersRead() throws {
        let id = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"
        let document = Array(#"{"items":[{"id":"\#(id)","description":"caf\#u{E9} \"q\"","url":"https://h/1"},{"id":"\#(id)", "url":"https:\/\/h\/2"},\#n {"id":"\#(id)","url":"https://h/3"}]}"#.utf8)
        for noting in [false, true] {
            let given = document.withUnsafeBytes { bytes in CachedFeedItems(bytes, notingStoredItems: noting).map(Self.given) }
            // White space before an item is not the item's: it is given as it stands all the same.
            XCTAssertEqual(given, [#"stored {"id":"\#(id)","description":"caf\#u{E9} \"q\"","url":"https://h/1"} https://h/1"#, "read https://h/2",
                                   #"stored {"id":"\#(id)","url":"https://h/3"} https://h/3"#],
                           "noting: \(noting)")
        }
    }

    /// What `forEachStored` gives, one line an item.
    private static func given(_ items: CachedFeedItems) -> [String] {
        var given: [String] = []
        let complete = items.forEachStored { item in
            switch item {
            case .stored(let item): given.append("stored \(String(decoding: item.bytes, as: UTF8.self)) \(item.url)")
            case .read(let value): given.append("read \(value[FeedItemField.url.name]?.stringValue ?? "-")")
            }
        }
        XCTAssertTrue(complete)
        return given
    }
}

extension CachedFeedItemsDifferentialTests {
    /// `load --format text|html` read what each item shows from its bytes:
    /// the last of a repeated key, only a value of the field's kind, never a
    /// key inside a nested value, escapes decoded; a key spelt with escapes
    /// sends the item to the reference reading, which finds the same.
    func test_forEachTexts_showsWhatTheReferenceItemShows_onHostileItems() throws {
        let items = [
            #"{"url":"https://h/1","description":"d","location":"l","author":"a","likes":12}"#,
            #"{"url":2,"url":"https://h/2","description":"first","description":null}"#,
            #"{"url":"https://h/3","url":{"url":"https://nested"},"likes":"7","author":["x"]}"#,
            #"{"other":{"description":"nested","list":[{"url":"x"}]},"url":"https://h/4","likes":-1.5e3}"#,
            #"{"description":"caf\u00e9 \"q\" \\ \n \ud83d\ude00 \/","url":"https:\/\/h\/5","location":""}"#,
            #"{"\u0075rl":"https://h/6","description":"escaped key"}"#,
            #"{ "url" : "https://h/7" , "likes" : 0 , "urls" : "no" , "ur" : "no" , "Description" : "no" }"#,
            #"{}"#,
            #"{"likes":1,"likes":true,"author":"a","author":"b"}"#,
            #"{"url":"https://h/10","description":"\u001b]0;t\u0007\u009b","location":"\#u{9B}\#u{7F}\#u{85}","author":"\u001B[2J"}"#,
        ]
        let document = Array(#"{"items":[\#(items.joined(separator: ",\n"))]}"#.utf8)
        let streamed = try XCTUnwrap(Self.streamed(document))
        let reference = try CachedBytes(document).feedItems().map(FeedItemTexts.init)
        XCTAssertEqual(streamed.texts, reference)
        XCTAssertEqual(reference[0], FeedItemTexts(url: "https://h/1", description: "d", location: "l", author: "a", likes: "12"))
        XCTAssertEqual(reference[1], FeedItemTexts(url: "https://h/2"))
        XCTAssertEqual(reference[2], FeedItemTexts())
        XCTAssertEqual(reference[3], FeedItemTexts(url: "https://h/4", likes: "-1.5e3"))
        XCTAssertEqual(reference[4], FeedItemTexts(url: "https://h/5", description: "caf\u{E9} \"q\" \\ \n \u{1F600} /", location: ""))
        XCTAssertEqual(reference[5], FeedItemTexts(url: "https://h/6", description: "escaped key"))
        XCTAssertEqual(reference[6], FeedItemTexts(url: "https://h/7", likes: "0"))
        XCTAssertEqual(reference[7], FeedItemTexts())
        XCTAssertEqual(reference[8], FeedItemTexts(author: "b"))
        XCTAssertEqual(reference[9], FeedItemTexts(url: "https://h/10", description: "\u{1B}]0;t\u{7}\u{9B}", location: "\u{9B}\u{7F}\u{85}", author: "\u{1B}[2J"))
    }
}

extension CachedFeedItems {
    /// What `forEachStored` gives, each as a value (a stored item read from
    /// its bytes); nil if the passes disagree.
    var storedValues: [JSON]? {
        var values: [JSON] = []
        let complete = forEachStored { item in
            switch item {
            case .stored(let stored): values.append((try? JSONReader.parseSingle(Array(stored.bytes))) ?? .null)
            case .read(let value): values.append(value)
            }
        }
        return complete ? values : nil
    }
}
