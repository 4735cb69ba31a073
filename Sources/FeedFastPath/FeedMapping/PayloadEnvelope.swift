import FeedCore

/// A feed payload's envelope: an object with an `items` array, other keys
/// skipped, a later `items` replacing an earlier one as in the reference
/// reader; keys spelt with escapes (which could spell `items`) declined or
/// decoded as the reader chooses (`EscapedKeys`), and, in a payload `alone`
/// (a bare document), a key that would make the reference read it as
/// another record (`error`, `status`) declined. The one reader of it:
/// `FeedPayloadMapper`'s, and the test server's (`read(_:items:)`); the
/// items are the caller's.
///
/// Held by the `FastFeedMapper*DifferentialTests`, `ReaderEdgesDifferentialTests`,
/// `FeedPayloadAgreementTests` and the `feed-map` fuzz target (docs/layout.md,
/// "The readers").
enum PayloadEnvelope {
    /// How a reading of the envelope, or of a run of its items, ended.
    enum End { case complete, stopped, failed }

    /// The containers open around an item: the payload, its array.
    static var itemsDepth: Int { 2 }

    /// A cursor among the items at `split` (a comma between two).
    static func amongItems<Scanner: PayloadScanning>(_ scanner: Scanner) -> JSONCursor<Scanner> {
        JSONCursor(scanner, inside: itemsDepth)
    }

    /// The payload at the cursor, to its end (`finishPayload`). `items` is
    /// called inside each `items` array, with where its `[` is and whether
    /// it is empty, and reads its elements to the `]` (`.complete`), or
    /// stops (`.stopped`: the whole reading stops there), or declines.
    static func read<Scanner: PayloadScanning>(_ cursor: inout JSONCursor<Scanner>, alone: Bool, escapedKeys: EscapedKeys,
                                               items: (inout JSONCursor<Scanner>, _ opening: Int, _ isEmpty: Bool) -> End) -> End {
        guard var more = cursor.enterObject() else { return .failed }
        var sawItems = false
        while more {
            guard let key = cursor.key(), !(key.escaped && escapedKeys == .decline) else { return .failed }
            if cursor.key(key, is: "items") {
                _ = cursor.next() // at the `[`
                let opening = cursor.index
                guard let any = cursor.enterArray() else { return .failed }
                switch items(&cursor, opening, !any) {
                case .failed: return .failed
                case .stopped: return .stopped
                case .complete: sawItems = true
                }
            } else {
                guard skips(key, cursor, alone: alone), cursor.skipValue() else { return .failed }
            }
            guard let next = cursor.nextField() else { return .failed }
            more = next
        }
        return sawItems && cursor.scanner.finishPayload() ? .complete : .failed
    }

    /// From a split (the comma before an item) to the payload's end: the
    /// remaining items (`items`, as in `read`), then other keys; a second
    /// `items` would replace the first, too rare to split for: declined.
    static func readTail<Scanner: PayloadScanning>(_ cursor: inout JSONCursor<Scanner>, alone: Bool,
                                                   items: (inout JSONCursor<Scanner>) -> End) -> Bool {
        guard cursor.nextElement() == true, items(&cursor) == .complete else { return false }
        while true {
            guard let more = cursor.nextField() else { return false }
            if !more { break }
            guard let key = cursor.key(), !key.escaped, !cursor.key(key, is: "items"), skips(key, cursor, alone: alone),
                  cursor.skipValue() else { return false }
        }
        return cursor.scanner.finishPayload()
    }

    /// Whether a key other than `items` is skipped: in a payload alone, not
    /// one that makes it another record.
    private static func skips<Scanner: PayloadScanning>(_ key: JSONKey, _ cursor: JSONCursor<Scanner>, alone: Bool) -> Bool {
        !(alone && (cursor.key(key, is: "error") || cursor.key(key, is: "status")))
    }
}
