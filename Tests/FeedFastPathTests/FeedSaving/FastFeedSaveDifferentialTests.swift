import Foundation
import XCTest
import FeedCore
@testable import FeedFastPath
import FeedFuzzing
import FeedTestSupport

/// `feed-cache save` by the fast path (`FastFeedSave`) against the reference
/// reading (`FeedSaveFuzzing.reference`: records, `LocalFeed`, pages): it
/// takes what feed-map writes and stores what the reference stores; on
/// anything else it stores the same or declines.
final class FastFeedSaveDifferentialTests: XCTestCase, FastFeedSaveTesting {

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

    func test_idsRepeatedOnBothSidesOfTheTablesSizing_keepTheFirstItem() throws {
        // The ids' table is sized once a megabyte is read: ids kept before
        // then are found after, whatever size it guessed (a sample of short
        // items, then long ones; and the other way round).
        for (short, long) in [(6_000, 3_000), (1_000, 30_000)] {
            var items: [JSON] = []
            for index in 0..<(short + long) {
                let id = String(format: "2AB2AE66-A4B7-4A16-B374-%012X", index % (short + long / 2))
                let padding = index < short ? "" : String(repeating: "x", count: 200)
                items.append(.object(JSONObject([("id", .string(id)), ("description", .string(padding)),
                                                 ("url", .string("https://i.example/\(index)"))])))
            }
            let input = Self.document(items, validators: nil)
            XCTAssertGreaterThan(input.count, 1 << 20)
            let (feed, _) = try XCTUnwrap(Self.fast(input))
            XCTAssertEqual(feed.imageURLs().count, short + long / 2, "each id once")
            try Self.holds(input, "\(short) short items, then \(long)")
        }
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

    /// The document is made of the copy the scan checked, never of the
    /// input's own memory: a mapped input that another process rewrites
    /// after the scan (an id made invalid, another valid id, the end cut off)
    /// leaves the document as it was checked.
    func test_aMappedInputRewrittenAfterTheScan_leavesTheCheckedDocument() throws {
        var random = SystemRandomNumberGenerator()
        let items = (0..<5_000).map { Self.item($0, id: Self.id(&random)) }
        let repeated = Array(items[..<10]) + [items[3]] + Array(items[10...])
        for (validators, list) in [(nil, items), (#"{"url":"https://h/v1/feed","etag":"\"e\""}"#, items), (nil, repeated)] {
            let input = Self.document(list, validators: validators)
            let checked = try XCTUnwrap(FeedSaveFuzzing.reference(input)?.document)
            let lastID = try XCTUnwrap(Self.lastIDOffset(input))
            let rewrites: [(String, (UnsafeMutableBufferPointer<UInt8>) -> Void)] = [
                ("an invalid id", { $0[lastID] = UInt8(ascii: "Z") }),
                ("another valid id", { $0[lastID] = $0[lastID] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0") }),
                ("the end cut off", { $0.update(repeating: 0) }),
            ]
            for (what, rewrite) in rewrites {
                let mapped = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: input.count)
                defer { mapped.deallocate() }
                _ = mapped.initialize(from: input)
                let (feed, _) = try XCTUnwrap(FastFeedSave.feed(mapped, inputIsMapped: true))
                rewrite(mapped)
                XCTAssertEqual(feed.document.array, checked, "\(what), \(list.count) items, validators: \(validators ?? "none")")
            }
        }
    }

    /// The scan reads a copy taken a stretch ahead of it; what is longer than
    /// that stretch (an item, white space between documents, validators) is
    /// scanned again over a whole copy, and stored as the reference stores it.
    func test_piecesLongerThanTheStretchCopiedAhead_storeWhatTheReferenceStores() throws {
        var random = SplitMix64(seed: 20261127)
        let long = String(repeating: "long text \u{E9} ", count: 40_000) // about 480 KB
        var items = (0..<6_000).map { Self.item($0, id: Self.id(&random)) }
        items[4_000] = .object(JSONObject([("id", .string(Self.id(&random))), ("description", .string(long)), ("url", .string("https://i.example/long"))]))
        let repeated = Array(items[..<3_000]) + Array(items[100..<200]) + Array(items[3_000...])
        let inputs: [(String, [UInt8])] = [
            ("a long item", Self.document(items, validators: nil)),
            ("a long item after repeated ids", Self.document(repeated, validators: nil)),
            ("long white space between documents", Self.document(Array(items[..<10]), validators: nil) + Array(repeating: 0x20, count: 700_000)
                + Self.document(Array(items[10..<20]), validators: nil)),
            ("long validators", Self.document(Array(items[..<10]), validators: #"{"url":"https://h/v1/feed","etag":"\#(String(repeating: "e", count: 600_000))"}"#)),
            ("many stretches, repeated ids", Self.document(Array(items[..<4_000]) + Array(items[..<4_000]) + Array(items[4_001...]), validators: nil)),
        ]
        for (what, input) in inputs {
            XCTAssertNotNil(Self.fast(input), what)
            try Self.holds(input, what)
        }
    }

    // MARK: - Helpers

    /// Where the first hex digit of the last item's id stands.
    private static func lastIDOffset(_ input: [UInt8]) -> Int? {
        let key = Array(#""id":""#.utf8)
        guard input.count > key.count else { return nil }
        return (0...(input.count - key.count)).last { Array(input[$0..<($0 + key.count)]) == key }.map { $0 + key.count }
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
