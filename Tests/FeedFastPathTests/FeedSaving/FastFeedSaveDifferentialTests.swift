import XCTest
import FeedCore
import FeedFastPath
import FeedFuzzing
import FeedTestSupport

/// `feed-cache save` by the fast path (`FastFeedSave`) against the reference
/// reading (`FeedSaveFuzzing.reference`: records, `LocalFeed`, pages): it
/// takes what feed-map writes and stores what the reference stores; on
/// anything else it stores the same or declines.
final class FastFeedSaveDifferentialTests: XCTestCase {

    func test_onWhatFeedMapWrites_takesItAll_andStoresWhatTheReferenceStores() throws {
        var random = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 7, 100, 3_000] {
            let items = (0..<count).map { Self.item($0, id: Self.id(&random)) }
            let one = Self.document(items, validators: #"{"url":"https://h/v1/feed","etag":"W/\"x\"","last_modified":"Tue, 24 Nov 2026 10:00:00 GMT"}"#)
            let pages = Self.document(Array(items.prefix(count / 2)), validators: nil) + Self.document(Array(items.dropFirst(count / 2)), validators: nil)
            for input in [one, pages] {
                let taken = Self.fast(input)
                XCTAssertNotNil(taken, "\(count) items: feed-map's documents must be taken")
                try Self.holds(input)
            }
            let (_, validators) = try XCTUnwrap(Self.fast(one))
            XCTAssertEqual(validators?.etag, #"W/"x""#, "one document keeps its validators")
            XCTAssertNil(try XCTUnwrap(Self.fast(pages)).1, "pages keep none")
        }
    }

    func test_repeatedIDsInAnyCase_keepTheFirstItem_acrossPages() throws {
        let id = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"
        let input = Self.document([Self.item(0, id: id)], validators: nil)
            + Self.document([Self.item(1, id: id.lowercased()), Self.item(2, id: "00000000-0000-0000-0000-000000000000"),
                             Self.item(3, id: "00000000-0000-0000-0000-000000000000")], validators: nil)
        let (feed, _) = try XCTUnwrap(Self.fast(input))
        XCTAssertEqual(feed.imageURLs(), ["https://i.example/0", "https://i.example/2"])
        try Self.holds(input)
    }

    func test_offTheShape_storesTheSameOrDeclines() throws {
        let id = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"
        let documents = [
            #"{"items":[{"id":"\#(id)","url":"https://h/a","url":"https://h/b"}]}"#,
            #"{"items":[{"id":"\#(id)","description":"a\/b","url":"https://h/a"}]}"#,
            #"{"items":[{"id":"\#(id)","description":"\u00e9","url":"https://h/a"}]}"#,
            #"{"items":[{"id":"\#(id)","description":"\u001F","url":"https://h/a"}]}"#,
            #"{"items":[{"id":"\#(id)","description":"\u000a","url":"https://h/a"}]}"#,
            #"{"items":[{"id":"\#(id)","description":"\u001f\t","url":"https:\/\/h\/a"}]}"#,
            #"{"items":[{"id":"\#(id)", "url":"https://h/a"}]}"#,
            #"{"items":[{"id":"\#(id)","x":{"y":1},"url":"https://h/a"}]}"#,
            #"{"items":[{"id":"\#(id)","x":[1],"url":"https://h/a"}]}"#,
            #"{"items":[{"id":"\#(id)","likes":1.50e+3,"url":"https://h/a"}]}"#,
            #"{"items":[{"id":"\#(id)","url":"relative/a"}]}"#,
            #"{"items":[{"id":"not-a-uuid","url":"https://h/a"}]}"#,
            #"{"items":[{"id":null,"url":"https://h/a"}]}"#,
            #"{"items":[{"\u0069d":"\#(id)","url":"https://h/a"}]}"#,
            #"{"items":[{"url":"https://h/a"}]}"#,
            #"{"items":[{}]}"#,
            #"{"items":[{"id":"\#(id)","url":"https://h/a"}],"validators":{"url":"u","etag":1}}"#,
            #"{"items":[{"id":"\#(id)","url":"https://h/a"}],"validators":"x"}"#,
            #"{"items":[{"id":"\#(id)","url":"https://h/a"}],"other":1}"#,
            #"{"other":1,"items":[]}"#,
            #"{"items":[]}{"items":[]}"#,
            #"{"items":[]} {"url":"https://h/v1/feed","error":{"kind":"connectivity","message":"m"}}"#,
            #"{"url":"https://h/v1/feed","status":304,"headers":{},"body":""}"#,
            #"{"items":[]}"# + "\n\n \t",
            #"{"items":[],}"#,
            #"{"items":[{"id":"\#(id)","url":"https://h/a"},]}"#,
            #"{"items":[{"id":"\#(id)","url":"https://h/a"}"#,
            #"{"items":[{"id":"\#(id)","url":"https://h/a","d":tru}]}"#,
            "[]",
        ]
        for text in documents {
            try Self.holds(Array(text.utf8), text)
        }
    }

    func test_seededMutationsOfFeedMapsDocuments_storeTheSameOrDecline() throws {
        var random = SplitMix64(seed: 20261124)
        let base = Self.document((0..<12).map { Self.item($0, id: Self.id(&random)) }, validators: #"{"url":"https://h/v1/feed","etag":"\"e\""}"#)
        var mutations = ByteMutations(random: random, alphabet: Array(#"{}[]":,\ "0aAfF-9nu/\#n"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xA9, 0xFF])
        for _ in 0..<3_000 {
            let input = mutations.mutated(base)
            try Self.holds(input, String(decoding: input, as: UTF8.self))
        }
    }

    /// A mapped input that is one compact document, nothing dropped, is the
    /// document itself: nothing is copied. With validators after the items,
    /// the document's end is written into the input's copy of the page.
    func test_aMappedCompactDocument_isStoredFromTheInputItself() throws {
        var random = SystemRandomNumberGenerator()
        let items = (0..<50).map { Self.item($0, id: Self.id(&random)) }
        for validators in [nil, #"{"url":"https://h/v1/feed","etag":"\"e\""}"#] {
            let input = Self.document(items, validators: validators)
            let mapped = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: input.count)
            defer { mapped.deallocate() }
            _ = mapped.initialize(from: input)
            let (feed, _) = try XCTUnwrap(FastFeedSave.feed(mapped, inputIsMapped: true))
            XCTAssertEqual(feed.document.withUnsafeBytes { $0.baseAddress }, UnsafeRawPointer(mapped.baseAddress), "validators: \(validators ?? "none")")
            XCTAssertEqual(feed.document.array, FeedSaveFuzzing.reference(input)?.document)
        }
        // An item dropped (its id seen before) before others: the document is a copy.
        let repeated = Self.document(Array(items[..<10]) + [items[3]] + Array(items[10...]), validators: nil)
        let mapped = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: repeated.count)
        defer { mapped.deallocate() }
        _ = mapped.initialize(from: repeated)
        let (feed, _) = try XCTUnwrap(FastFeedSave.feed(mapped, inputIsMapped: true))
        XCTAssertNotEqual(feed.document.withUnsafeBytes { $0.baseAddress }, UnsafeRawPointer(mapped.baseAddress))
        XCTAssertEqual(feed.document.array, FeedSaveFuzzing.reference(repeated)?.document)
    }

    // MARK: - Helpers

    private static func fast(_ input: [UInt8]) -> (CheckedFeed, FeedValidators?)? {
        var copy = input
        return copy.withUnsafeMutableBufferPointer { FastFeedSave.feed($0, inputIsMapped: false) }
    }

    /// The fuzz target's property: taken means stored as the reference stores.
    private static func holds(_ input: [UInt8], _ what: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        do {
            try FeedSaveFuzzing.check(input)
        } catch {
            XCTFail("\(error): \(what)", file: file, line: line)
        }
    }

    private static func item(_ index: Int, id: String) -> JSON {
        var members: [(key: String, value: JSON)] = [("id", .string(id))]
        if index % 3 != 0 { members.append(("description", .string("caf\u{E9} \"\(index)\"\n\\ \u{1F} \u{1F600}"))) }
        if index % 2 == 0 { members.append(("location", .string("S\u{E3}o Paulo"))) }
        members.append(("url", .string("https://i.example/\(index)")))
        return .object(JSONObject(members))
    }

    private static func document(_ items: [JSON], validators: String?) -> [UInt8] {
        var line = JSONWriter().line(FeedDocument(items: items).json)
        if let validators {
            line.removeLast(2) // "}\n"
            line += Array(#","validators":\#(validators)}"#.utf8) + [0x0A]
        }
        return line
    }

    private static func id<R: RandomNumberGenerator>(_ random: inout R) -> String {
        let hex = Array("0123456789abcdefABCDEF")
        let digits = (0..<32).map { _ in hex[Int.random(in: 0..<hex.count, using: &random)] }
        let text = String(digits)
        let parts = [text.prefix(8), text.dropFirst(8).prefix(4), text.dropFirst(12).prefix(4), text.dropFirst(16).prefix(4), text.dropFirst(20)]
        return parts.joined(separator: "-")
    }
}
