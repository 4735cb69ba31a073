import FeedFastPath

/// The items of a feed payload (`{"items":[{...}, ...]}`), each as its exact bytes in the
/// payload and its `id` as the payload spells it: enough for the feed API route to cut pages
/// out of a payload file without rewriting a single item. Checks that the whole payload is
/// well-formed JSON (a top-level object with an `items` array), nothing more: an item need
/// not be an object, nor have an id. Read with FeedFastPath's `JSONScanner`, which accepts
/// exactly what FeedCore's `JSONReader` accepts (the differential tests and the
/// `json-scanner` fuzz target hold them together), so the server takes the payloads the
/// tools take.
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

/// The walk over the payload: `JSONScanner` checks every value and says where it ends; this
/// keeps the positions of the `items` array and its values, and reads each item's `id`.
/// Depths are counted as `JSONScanner.skipValue` counts them (the top-level value at 0).
private enum ItemsScan {
    typealias Found = (items: [FeedPayloadItems.Item], open: Int, close: Int)

    static func topLevelItems(in buffer: UnsafeMutableBufferPointer<UInt8>) -> Found? {
        var scanner = JSONScanner(buffer)
        guard scanner.consume(0x7B) else { return nil }  // {
        var found: Found?
        if !scanner.consume(0x7D) {  // }
            repeat {
                guard let key = scanner.string(), scanner.consume(0x3A) else { return nil }  // :
                if isKey(key, "items", scanner) {
                    guard let items = itemsArray(&scanner) else { return nil }
                    found = items
                } else {
                    guard scanner.skipValue(depth: 1) else { return nil }
                }
            } while scanner.consume(0x2C)  // ,
            guard scanner.consume(0x7D) else { return nil }
        }
        scanner.skipWhitespace()
        return scanner.atEnd ? found : nil
    }

    /// The array at the cursor (the top-level object's member, at depth 1), item by item.
    private static func itemsArray(_ scanner: inout JSONScanner) -> Found? {
        scanner.skipWhitespace()
        let open = scanner.index
        guard scanner.peek() == 0x5B else { return nil }  // [
        scanner.index += 1
        var items: [FeedPayloadItems.Item] = []
        if !scanner.consume(0x5D) {  // ]
            repeat {
                scanner.skipWhitespace()
                let start = scanner.index
                var id: String?
                if scanner.peek() == 0x7B {
                    guard object(&scanner, depth: 2, id: &id) else { return nil }
                } else {
                    guard scanner.skipValue(depth: 2) else { return nil }
                }
                items.append(.init(range: start..<scanner.index, id: id))
            } while scanner.consume(0x2C)
            guard scanner.consume(0x5D) else { return nil }
        }
        return (items, open, scanner.index - 1)
    }

    /// Skips the object at the cursor, setting `id` to the value of its `id` member (the last
    /// one; nil if that is not a string); false if it is malformed or nested too deep.
    private static func object(_ scanner: inout JSONScanner, depth: Int, id: inout String?) -> Bool {
        guard depth < scanner.maxDepth else { return false }
        scanner.index += 1  // {
        if scanner.consume(0x7D) { return true }
        repeat {
            guard let key = scanner.string(), scanner.consume(0x3A) else { return false }
            let isID = isKey(key, "id", scanner)
            scanner.skipWhitespace()
            if isID, scanner.peek() == 0x22 {
                guard let value = scanner.string() else { return false }
                id = text(value, scanner)
            } else {
                if isID { id = nil }
                guard scanner.skipValue(depth: depth + 1) else { return false }
            }
        } while scanner.consume(0x2C)
        return scanner.consume(0x7D)
    }

    /// Whether the key `span` is `name`, escapes decoded.
    private static func isKey(_ span: JSONSpan, _ name: StaticString, _ scanner: JSONScanner) -> Bool {
        span.escaped ? text(span, scanner) == name.description : scanner.span(span, is: name)
    }

    /// A string's value, escapes decoded in place (the scanner is past it for good).
    private static func text(_ span: JSONSpan, _ scanner: JSONScanner) -> String {
        let end = scanner.unescapeInPlace(span)
        return String(decoding: UnsafeBufferPointer(start: scanner.base + span.start, count: end - span.start), as: UTF8.self)
    }
}
