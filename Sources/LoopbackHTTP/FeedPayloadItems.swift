/// The items of a feed payload (`{"items":[{...}, ...]}`), each as its exact bytes in the
/// payload and its `id` as the payload spells it: enough for the feed API route to cut pages
/// out of a payload file without rewriting a single item. Checks that the whole payload is
/// well-formed JSON (a top-level object with an `items` array), nothing more: an item need
/// not be an object, nor have an id.
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
        var scanner = JSONSkimmer(payload)
        guard let found = scanner.topLevelItems() else { return nil }
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

/// A small JSON reader that checks structure and remembers where values start and end.
private struct JSONSkimmer {
    private let bytes: [UInt8]
    private var index = 0
    private static let maxDepth = 256

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func topLevelItems() -> (items: [FeedPayloadItems.Item], open: Int, close: Int)? {
        skipSpace()
        guard take(123) else { return nil }  // {
        var items: (items: [FeedPayloadItems.Item], open: Int, close: Int)?
        skipSpace()
        if !take(125) {  // }
            repeat {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(58) else { return nil }  // :
                skipSpace()
                if key == "items" {
                    guard let found = itemsArray() else { return nil }
                    items = found
                } else {
                    guard value(depth: 1) else { return nil }
                }
                skipSpace()
            } while take(44)  // ,
            guard take(125) else { return nil }
        }
        skipSpace()
        guard index == bytes.count else { return nil }
        return items
    }

    private mutating func itemsArray() -> (items: [FeedPayloadItems.Item], open: Int, close: Int)? {
        let open = index
        guard take(91) else { return nil }  // [
        var items: [FeedPayloadItems.Item] = []
        skipSpace()
        if peek == 93 { return take(93) ? (items, open, index - 1) : nil }  // ]
        repeat {
            skipSpace()
            let start = index
            var id: String?
            if peek == 123 {
                guard object(depth: 2, wantingKey: "id", wanted: &id) else { return nil }
            } else {
                guard value(depth: 2) else { return nil }
            }
            items.append(.init(range: start..<index, id: id))
            skipSpace()
        } while take(44)
        return take(93) ? (items, open, index - 1) : nil
    }

    /// Skips one value; false if it is malformed or nested deeper than `maxDepth`.
    private mutating func value(depth: Int) -> Bool {
        guard depth < Self.maxDepth, let byte = peek else { return false }
        switch byte {
        case 123:
            var ignored: String?
            return object(depth: depth + 1, wantingKey: nil, wanted: &ignored)
        case 91:
            index += 1
            skipSpace()
            if take(93) { return true }
            repeat {
                skipSpace()
                guard value(depth: depth + 1) else { return false }
                skipSpace()
            } while take(44)
            return take(93)
        case 34: return string() != nil
        case 116: return literal("true")
        case 102: return literal("false")
        case 110: return literal("null")
        default: return number()
        }
    }

    /// Skips an object, setting `wanted` to the string value of its key `wantingKey` (the
    /// last one; nil if that is not a string); false if it is malformed.
    private mutating func object(depth: Int, wantingKey: String?, wanted: inout String?) -> Bool {
        guard depth < Self.maxDepth, take(123) else { return false }
        skipSpace()
        if take(125) { return true }
        repeat {
            skipSpace()
            guard let key = string() else { return false }
            skipSpace()
            guard take(58) else { return false }
            skipSpace()
            if let wantingKey, key == wantingKey, peek == 34 {
                guard let text = string() else { return false }
                wanted = text
            } else {
                if key == wantingKey { wanted = nil }
                guard value(depth: depth) else { return false }
            }
            skipSpace()
        } while take(44)
        return take(125)
    }

    /// A string, escapes decoded; nil if malformed (a control character, a bad escape, a lone
    /// surrogate, bytes that are not UTF-8).
    private mutating func string() -> String? {
        guard take(34) else { return nil }
        var out: [UInt8] = []
        while let byte = peek {
            index += 1
            switch byte {
            case 34: return String(validating: out, as: UTF8.self)
            case 92:
                guard let escaped = peek else { return nil }
                index += 1
                switch escaped {
                case 34, 92, 47: out.append(escaped)
                case 98: out.append(8)
                case 102: out.append(12)
                case 110: out.append(10)
                case 114: out.append(13)
                case 116: out.append(9)
                case 117:
                    guard var scalar = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard take(92), take(117), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        return nil
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                out.append(byte)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 65...70: digit = byte - 55
            case 97...102: digit = byte - 87
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func number() -> Bool {
        _ = take(45)
        if take(48) {
        } else {
            guard let first = peek, (49...57).contains(first) else { return false }
            skipDigits()
        }
        if take(46) {
            guard let digit = peek, (48...57).contains(digit) else { return false }
            skipDigits()
        }
        if take(101) || take(69) {
            if !take(43) { _ = take(45) }
            guard let digit = peek, (48...57).contains(digit) else { return false }
            skipDigits()
        }
        return true
    }

    private mutating func skipDigits() {
        while let byte = peek, (48...57).contains(byte) { index += 1 }
    }

    private mutating func literal(_ word: String) -> Bool {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count,
              bytes[index..<index + expected.count].elementsEqual(expected) else { return false }
        index += expected.count
        return true
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 32 || byte == 9 || byte == 10 || byte == 13 { index += 1 }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }
}
