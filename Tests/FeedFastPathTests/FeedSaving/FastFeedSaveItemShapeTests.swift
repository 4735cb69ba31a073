import XCTest
import FeedCore
@testable import FeedFastPath
import FeedFuzzing
import FeedTestSupport

/// `FastFeedSave` stores an item as it stands only when its bytes are the
/// ones the cache writes back: white space anywhere inside it, a key given
/// twice, a key spelt with escapes or a value that is an object or an array
/// makes it decline, and the reference then stores the item as the writer
/// writes it. White space around an item, outside its braces, is taken.
final class FastFeedSaveItemShapeTests: XCTestCase, FastFeedSaveTesting {
    func test_whiteSpaceAtAnyPlaceInsideAnItem_isDeclined_andTheReferenceStoresTheCompactItem() throws {
        let compact = Self.document(Self.item)
        let stored = try XCTUnwrap(FeedSaveFuzzing.reference(compact)?.document)
        XCTAssertNotNil(Self.fast(compact), "the compact item is taken")
        for place in Self.placesInside(Self.item) {
            for space in ["\u{20}", "\t", "\n", "\r", "  "] {
                let spaced = Array(Self.item.prefix(place)) + Array(space.utf8) + Array(Self.item.dropFirst(place))
                let input = Self.document(spaced)
                let what = String(decoding: spaced, as: UTF8.self).debugDescription
                XCTAssertNil(Self.fast(input), "white space inside the item is declined: \(what)")
                XCTAssertEqual(FeedSaveFuzzing.reference(input)?.document, stored, "the reference stores it compact: \(what)")
                try Self.holds(input, what)
            }
        }
    }

    func test_whiteSpaceAroundAnItem_isTaken_andStoredAsTheReferenceStoresIt() throws {
        let second = Array(#"{"id":"\#(CompactFeedDocument.id(1))","url":"https://i.example/1"}"#.utf8)
        let input = Array(#"{"items":[ "#.utf8) + Self.item + Array("\n ,\t".utf8) + second + Array(" \r\n]}".utf8) + [0x0A]
        let (feed, _) = try XCTUnwrap(Self.fast(input), "white space between items is not the items'")
        XCTAssertEqual(feed.document.array, FeedSaveFuzzing.reference(input)?.document)
    }

    func test_aRepeatedKey_isDeclined() throws {
        let id = CompactFeedDocument.id(0)
        for members in [#""id":"\#(id)","id":"\#(id)","url":"https://i.example/0""#,
                        #""id":"\#(id)","url":"https://i.example/0","url":"https://i.example/1""#,
                        #""id":"\#(id)","n":1,"url":"https://i.example/0","n":1"#] {
            try Self.declines("{" + members + "}")
        }
    }

    func test_anEscapedKey_isDeclined_evenOneThatIsNoNameTheItemReads() throws {
        let id = CompactFeedDocument.id(0)
        for members in [#""\u0069d":"\#(id)","url":"https://i.example/0""#,
                        #""id":"\#(id)","\u0075rl":"https://i.example/0""#,
                        #""id":"\#(id)","n\"":1,"url":"https://i.example/0""#] {
            try Self.declines("{" + members + "}")
        }
    }

    func test_aNestedValue_isDeclined() throws {
        let id = CompactFeedDocument.id(0)
        for value in ["{}", "[]", #"{"a":1}"#, "[1]", #"["https://i.example/0"]"#] {
            try Self.declines(#"{"id":"\#(id)","n":\#(value),"url":"https://i.example/0"}"#)
        }
    }

    func test_stringsNumbersAndLiterals_areTaken_andStoredAsTheReferenceStoresThem() throws {
        let id = CompactFeedDocument.id(0)
        let input = Self.document(Array(#"{"id":"\#(id)","s":"x","n":-1.5e3,"z":0,"t":true,"f":false,"u":null,"url":"https://i.example/0"}"#.utf8))
        let (feed, _) = try XCTUnwrap(Self.fast(input))
        XCTAssertEqual(feed.document.array, FeedSaveFuzzing.reference(input)?.document)
    }

    // MARK: - Helpers

    private static let item = Array(#"{"id":"\#(CompactFeedDocument.id(0))","n":1,"url":"https://i.example/0"}"#.utf8)

    /// Every place between two of the item's tokens: after `{`, either side
    /// of each `:` and `,`, and before `}` (never inside a string).
    private static func placesInside(_ item: [UInt8]) -> [Int] {
        var places: [Int] = []
        var inString = false
        for (offset, byte) in item.enumerated() {
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            guard !inString else { continue }
            switch byte {
            case UInt8(ascii: "{"): places.append(offset + 1)
            case UInt8(ascii: ":"), UInt8(ascii: ","): places += [offset, offset + 1]
            case UInt8(ascii: "}"): places.append(offset)
            default: break
            }
        }
        return places
    }

    private static func declines(_ item: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let input = document(Array(item.utf8))
        XCTAssertNil(fast(input), item, file: file, line: line)
        try holds(input, item, file: file, line: line)
    }

    private static func document(_ item: [UInt8]) -> [UInt8] {
        Array(#"{"items":["#.utf8) + item + Array("]}".utf8) + [0x0A]
    }
}
