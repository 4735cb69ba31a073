import FeedFastPath

/// The items of a feed payload (`{"items":[{...}, ...]}`), each as its exact bytes in the
/// payload and its `id` as the payload spells it: enough for the feed API route to cut pages
/// out of a payload file without rewriting a single item. Checks that the whole payload is
/// well-formed JSON (a top-level object with an `items` array), nothing more: an item need
/// not be an object, nor have an id. Read with FeedFastPath's payload reader
/// (`PayloadEnvelope`, over `JSONScanner`), which accepts exactly what FeedCore's `JSONReader`
/// accepts (the differential tests and the `json-scanner` fuzz target hold them together), so
/// the server takes the payloads the tools take.
struct FeedPayloadItems {
    struct Item {
        /// Where the item's value is in the payload, from its first byte to its last.
        let range: Range<Int>
        /// The item's `id` when it is an object with a string `id`, escapes decoded.
        let id: String?
    }

    let payload: [UInt8]
    let items: [Item]
    /// Where the `items` array's "[" and "]" are.
    private let open: Int, close: Int

    /// nil unless `payload` is one JSON object, with an `items` array (the last `items` key
    /// counts, as with most parsers), and nothing else but white space around it.
    init?(_ payload: [UInt8]) {
        // A copy to scan: the scanner decodes escaped keys and ids in place.
        var scratch = payload
        guard let found = scratch.withUnsafeMutableBufferPointer({ ItemsScan.topLevelItems(in: $0) }) else {
            return nil
        }
        self.payload = payload
        (items, open, close) = (found.items, found.open, found.close)
    }

    /// The payload with only `items[range]` in its array: every other byte as it is, the white
    /// space and comma between two items as between the payload's first two, so that the
    /// page of every item is the payload byte for byte.
    func document(_ range: Range<Int>) -> [UInt8] {
        var out = Array(payload[...open])
        if !range.isEmpty {
            let separator = items.count > 1 ? payload[items[0].range.upperBound..<items[1].range.lowerBound] : [44]
            out.append(contentsOf: payload[(open + 1)..<items[0].range.lowerBound])
            for index in range {
                if index > range.lowerBound { out.append(contentsOf: separator) }
                out.append(contentsOf: payload[items[index].range])
            }
            out.append(contentsOf: payload[items[items.count - 1].range.upperBound..<close])
        }
        out.append(contentsOf: payload[close...])
        return out
    }
}

/// The walk over the payload: its envelope is FeedFastPath's `PayloadEnvelope` (escaped keys
/// decoded, `"\u0069tems"` is `items`; the last `items` wins), each item a reader of its
/// `JSONCursor`, which checks every value and counts its depth. This keeps the positions of
/// the `items` array and its values, and reads each item's `id` (the last one wins, as the
/// reference reader has it).
///
/// Held by `FeedPayloadAgreementTests` (docs/layout.md, "The readers").
private enum ItemsScan {
    typealias Found = (items: [FeedPayloadItems.Item], open: Int, close: Int)
    typealias Cursor = JSONCursor<JSONScanner>

    static func topLevelItems(in buffer: UnsafeMutableBufferPointer<UInt8>) -> Found? {
        var found: Found?
        let read = PayloadEnvelope.read(buffer) { cursor, opening, isEmpty in
            found = isEmpty ? ([], opening, cursor.index - 1) : items(&cursor, opening: opening)
            return found != nil
        }
        return read ? found : nil
    }

    /// The array's elements from the first, item by item, to its `]`.
    private static func items(_ cursor: inout Cursor, opening: Int) -> Found? {
        var items: [FeedPayloadItems.Item] = []
        while true {
            let isObject = cursor.next() == 0x7B
            let start = cursor.index
            var id: String?
            guard isObject ? object(&cursor, id: &id) : cursor.skipValue() else { return nil }
            items.append(.init(range: start..<cursor.index, id: id))
            guard let more = cursor.nextElement() else { return nil }
            if !more { return (items, opening, cursor.index - 1) }
        }
    }

    /// Reads the object at the cursor, setting `id` to the value of its `id` member (the last
    /// one; nil if that is not a string); false if it is malformed or nested too deep.
    private static func object(_ cursor: inout Cursor, id: inout String?) -> Bool {
        cursor.object(.pass) { cursor, key in
            guard cursor.key(key, is: "id") else { return cursor.skipValue() }
            guard cursor.next() == 0x22 else {
                id = nil
                return cursor.skipValue()
            }
            guard let value = cursor.scanner.string() else { return false }
            id = text(value, cursor.scanner)
            return true
        }
    }

    /// A string's value, escapes decoded in place (the cursor is past it for good).
    private static func text(_ span: JSONSpan, _ scanner: JSONScanner) -> String {
        let end = scanner.unescapeInPlace(span)
        return String(decoding: UnsafeBufferPointer(start: scanner.base + span.start, count: end - span.start), as: UTF8.self)
    }
}
