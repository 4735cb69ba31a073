/// What people are shown of a feed item, as Strings: each field nil where the
/// item has no such key or its value is not of the field's kind (a string,
/// or a number kept as written). Read from a parsed item here; the
/// cached document's fast reading (`ItemTextsScan`) reads the same fields
/// from the same table, `FeedItemField.all`, and is tested against this reading.
public typealias FeedItemTexts = ShownTexts<String>

extension ShownTexts where Text == String {
    /// The texts of a parsed item (any JSON value; a non-object has none).
    public init(_ item: JSON) {
        self.init()
        for shown in ShownField.allCases {
            switch item[shown.field.name] {
            case .string(let text)? where !shown.isNumber: self[shown] = text
            case .number(let text)? where shown.isNumber: self[shown] = text
            default: break
            }
        }
    }

    /// Calls `body` with these texts' bytes, copied one after another into
    /// one buffer.
    public func withBytes<R, E: Error>(_ body: (FeedItemTextBytes) throws(E) -> R) throws(E) -> R {
        var joined: [UInt8] = []
        var ranges = ShownTexts<Range<Int>>()
        for shown in ShownField.allCases {
            guard let text = self[shown] else { continue }
            let start = joined.count
            joined += text.utf8
            ranges[shown] = start..<joined.count
        }
        return try joined.withUnsafeBufferPointer { (buffer) throws(E) -> R in
            try body(ranges.map { UnsafeBufferPointer(rebasing: buffer[$0]) })
        }
    }
}
