import XCTest
@testable import FeedFastPath
import FeedCore

/// The one cursor: the depth it counts itself agrees with the reference
/// reader's limit (512 open containers) one below, at and one above it;
/// keys compare as bytes, escaped ones decline or decode as asked; the
/// repeated-key policies say what they name.
final class JSONCursorTests: XCTestCase {
    func test_skipValue_agreesWithTheReference_belowAtAndAboveItsDepthLimit() {
        let limit = JSONReader.defaultMaxDepth
        XCTAssertEqual(limit, 512)
        for levels in [limit - 1, limit, limit + 1] {
            for document in [Self.arrays(levels), Self.objects(levels)] {
                let reference = (try? JSONReader.parseSingle(document)) != nil
                XCTAssertEqual(Self.skips(document), reference, "\(levels) levels: \(String(decoding: document.prefix(12), as: UTF8.self))")
                XCTAssertEqual(reference, levels <= limit)
            }
        }
    }

    func test_enterObject_countsTheDepthItself_andRefusesTheContainerPastTheLimit() {
        var document = Self.arrays(JSONReader.defaultMaxDepth + 1)
        document.withUnsafeMutableBufferPointer { buffer in
            var cursor = JSONCursor(JSONScanner(buffer))
            for opened in 1...JSONReader.defaultMaxDepth {
                XCTAssertEqual(cursor.enterArray(), true)
                XCTAssertEqual(cursor.depth, opened)
            }
            XCTAssertNil(cursor.enterArray())
        }
    }

    func test_nextField_leavesTheObject_andTheDepthFallsBack() {
        var document = Array(#"{"a":[1,2],"b":{}} "#.utf8)
        document.withUnsafeMutableBufferPointer { buffer in
            var cursor = JSONCursor(JSONScanner(buffer))
            var keys: [String] = []
            XCTAssertTrue(cursor.object(.decline) { cursor, key in
                keys.append(String(decoding: UnsafeBufferPointer(start: cursor.base + key.span.start, count: key.span.count), as: UTF8.self))
                XCTAssertEqual(cursor.depth, 1)
                return cursor.skipValue()
            })
            XCTAssertEqual(keys, ["a", "b"])
            XCTAssertEqual(cursor.depth, 0)
            XCTAssertNil(cursor.next())
        }
    }

    func test_object_declinesAnEscapedKey_orGivesIt_asTheReaderChooses() {
        var document = Array(#"{"\u0069d":1}"#.utf8)
        document.withUnsafeMutableBufferPointer { buffer in
            var declining = JSONCursor(JSONScanner(buffer))
            XCTAssertFalse(declining.object(.decline) { cursor, _ in cursor.skipValue() })
            var decoding = JSONCursor(JSONScanner(buffer))
            var matched = false
            XCTAssertTrue(decoding.object(.pass) { cursor, key in
                matched = cursor.key(key, is: "id") && !cursor.key(key, is: "i")
                return cursor.skipValue()
            })
            XCTAssertTrue(matched)
        }
    }

    func test_key_isComparedAsBytes_soANearMissIsNotTheName() {
        var document = Array(#"{"ID":1,"id ":2,"i":3,"idd":4}"#.utf8)
        document.withUnsafeMutableBufferPointer { buffer in
            var cursor = JSONCursor(JSONScanner(buffer))
            XCTAssertTrue(cursor.object(.decline) { cursor, key in
                XCTAssertFalse(cursor.key(key, is: "id"))
                return cursor.skipValue()
            })
        }
    }

    func test_seenKeys_lastWinsAdmitsARepeat_declineRefusesIt() {
        var lastWins = SeenKeys(.lastWins), declining = SeenKeys(.decline)
        XCTAssertTrue(lastWins.admit(3))
        XCTAssertTrue(lastWins.admit(3))
        XCTAssertTrue(declining.admit(3))
        XCTAssertTrue(declining.admit(4))
        XCTAssertFalse(declining.admit(3))
    }

    private static func arrays(_ levels: Int) -> [UInt8] {
        Array(String(repeating: "[", count: levels).utf8) + Array(String(repeating: "]", count: levels).utf8)
    }

    private static func objects(_ levels: Int) -> [UInt8] {
        Array(String(repeating: #"{"a":"#, count: levels - 1).utf8) + Array("{}".utf8) + Array(String(repeating: "}", count: levels - 1).utf8)
    }

    private static func skips(_ document: [UInt8]) -> Bool {
        var copy = document
        return copy.withUnsafeMutableBufferPointer { buffer in
            var cursor = JSONCursor(JSONScanner(buffer))
            return cursor.skipValue() && cursor.next() == nil
        }
    }
}
