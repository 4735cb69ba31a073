import FeedCore
import FeedPlatform

/// One item of a checked cached document read for what it shows
/// (`FeedItemTextBytes`) straight from its bytes: each key compared as bytes
/// with the shown fields' names, the value of one that is taken if of its
/// kind (where it stands, or decoded if it has escapes), every other value
/// skipped. A repeated key's last value counts, as in the reference reading
/// (`FeedItemTexts`). It declines where a key is spelt with escapes, which
/// might spell a shown one; the caller then reads the item the reference way.
/// A reader of `JSONCursor` (docs/layout.md, "The readers").
///
/// Held by `CachedFeedItemsDifferentialTests`, `ReaderEdgesDifferentialTests`
/// and the `cached-items` fuzz target.
struct ItemTextsScan {
    private var scratch: [UInt8] = []
    /// The shown fields' names, one after another, and where each stands:
    /// plain values, so that looking a key up retains nothing.
    private let names: [UInt8]
    private let keys: [(start: Int, count: Int, shown: ShownField)]

    init() {
        var names: [UInt8] = [], keys: [(start: Int, count: Int, shown: ShownField)] = []
        for shown in ShownField.allCases {
            keys.append((names.count, shown.field.name.utf8.count, shown))
            names += shown.field.name.utf8
        }
        (self.names, self.keys) = (names, keys)
    }

    /// Reads the item at the cursor, the cursor then after it: where its
    /// texts stand, those with escapes decoded onto the end of `decoded`;
    /// nil to decline. Only over bytes the first pass checked
    /// (`CachedItemsCheck`).
    mutating func scan(_ cursor: inout StoredEnvelope.Cursor, decodingInto decoded: inout [UInt8]) -> ItemTextSpans? {
        var spans = ItemTextSpans()
        let read = cursor.object(.decline) { cursor, key in
            guard let shown = shown(key.span, cursor.scanner) else {
                return cursor.next() == JSONScanner.stringOpener ? cursor.scanner.checkedString() != nil : cursor.skipValue()
            }
            let first = cursor.next() ?? 0
            guard shown.isNumber ? first == 0x2D || first &- 0x30 < 10 : first == JSONScanner.stringOpener else {
                spans[shown] = nil
                return cursor.skipValue()
            }
            guard let span = shown.isNumber ? cursor.scanner.number() : cursor.scanner.checkedString() else { return false }
            spans[shown] = text(span, cursor.scanner, &decoded)
            return true
        }
        return read ? spans : nil
    }

    private func shown(_ key: JSONSpan, _ scanner: JSONScanner) -> ShownField? {
        names.withUnsafeBufferPointer { names in
            keys.withUnsafeBufferPointer { keys in
                guard let names = names.baseAddress else { return nil }
                for candidate in keys where candidate.count == key.count
                    && memcmp(scanner.base + key.start, names + candidate.start, key.count) == 0 {
                    return candidate.shown
                }
                return nil
            }
        }
    }

    /// Where a string's value (or a number's text, never escaped) stands.
    private mutating func text(_ span: JSONSpan, _ scanner: JSONScanner, _ decoded: inout [UInt8]) -> TextSpan {
        guard span.escaped else { return TextSpan(start: span.start, count: span.count, isDecoded: false) }
        scanner.decode(span, into: &scratch)
        let start = decoded.count
        decoded += scratch
        return TextSpan(start: start, count: scratch.count, isDecoded: true)
    }
}
