import FeedCore

/// The items of a feed payload (`{"items":[{...}, ...]}`), each as its exact bytes in the
/// payload and its `id` as the payload spells it: enough for the feed API route to cut pages
/// out of a payload file without rewriting a single item. Checks that the whole payload is
/// well-formed JSON (a top-level object with an `items` array), nothing more: an item need
/// not be an object, nor have an id. Read with FeedCore's `JSONReader`, so the server takes
/// the payloads the tools take.
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
        guard let found = payload.withUnsafeBufferPointer({ ItemsScan.topLevelItems(in: $0) }) else { return nil }
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

/// The walk over the payload: read whole by `JSONReader` (which checks every byte; the last
/// `items` key counts, and in an item the last `id`), then walked a member at a time
/// (`JSONReader.member`) for where the `items` array and each of its values stand.
///
/// Held by `FeedPayloadAgreementTests` (docs/layout.md, "The readers").
private enum ItemsScan {
    typealias Found = (items: [FeedPayloadItems.Item], open: Int, close: Int)

    static func topLevelItems(in buffer: UnsafeBufferPointer<UInt8>) -> Found? {
        var end = 0
        guard case .object(let object)? = try? JSONReader.value(in: buffer, at: &end), case .array(let values)? = object["items"] else {
            return nil
        }
        while end < buffer.count, JSONWhitespace.contains(buffer[end]) { end += 1 }
        guard end == buffer.count, let open = itemsArray(buffer) else { return nil }
        var offset = open + 1
        var items: [FeedPayloadItems.Item] = []
        for value in values {
            skipWhitespace(buffer, &offset)
            if !items.isEmpty {
                guard buffer[offset] == 0x2C else { return nil }
                offset += 1
                skipWhitespace(buffer, &offset)
            }
            let start = offset
            guard (try? JSONReader.member(in: buffer, at: &offset)) != nil else { return nil }
            items.append(.init(range: start..<offset, id: value["id"]?.stringValue))
        }
        skipWhitespace(buffer, &offset)
        guard offset < buffer.count, buffer[offset] == 0x5D else { return nil }
        return (items, open, offset)
    }

    /// Where the value of the object's last `items` key starts (its "[").
    private static func itemsArray(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        var offset = 0
        skipWhitespace(buffer, &offset)
        offset += 1 // the "{"
        var open: Int?
        while true {
            skipWhitespace(buffer, &offset)
            guard offset < buffer.count, buffer[offset] != 0x7D,
                  case .string(let key)? = try? JSONReader.member(in: buffer, at: &offset) else { return open }
            skipWhitespace(buffer, &offset)
            offset += 1 // the ":"
            skipWhitespace(buffer, &offset)
            let start = offset
            guard (try? JSONReader.member(in: buffer, at: &offset)) != nil else { return nil }
            if key.utf8.elementsEqual("items".utf8) { open = start }
            skipWhitespace(buffer, &offset)
            guard offset < buffer.count, buffer[offset] == 0x2C else { return open }
            offset += 1
        }
    }

    private static func skipWhitespace(_ buffer: UnsafeBufferPointer<UInt8>, _ offset: inout Int) {
        while offset < buffer.count, JSONWhitespace.contains(buffer[offset]) { offset += 1 }
    }
}
