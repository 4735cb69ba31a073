import FeedCore

/// One payload item checked against the schema's fields, as `FeedItemsMapper`
/// checks it: unknown keys skipped, an optional field may be null, required
/// fields present, ids UUIDs, urls absolute. Nil on anything else (an escaped
/// key, say), for the reference path to judge.
enum FeedItemRules {
    static func scan<Scanner: PayloadScanning>(_ scanner: inout Scanner, schema: FastSchema,
                                               scratch: inout [UInt8]) -> ItemSpans? {
        guard scanner.consume(0x7B) else { return nil }
        var item = ItemSpans()
        if !scanner.consume(0x7D) {
            repeat {
                guard let key = scanner.string(), !key.escaped, scanner.consume(0x3A) else { return nil }
                if let index = schema.fields.firstIndex(where: { scanner.span(key, is: $0.key) }) {
                    guard value(&scanner, of: schema.fields[index], into: &item[index]) else { return nil }
                } else {
                    guard scanner.skipValue(depth: 3) else { return nil }
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return nil }
        }
        for (index, field) in schema.fields.enumerated() {
            guard let span = item[index] else {
                if field.isRequired { return nil }
                continue
            }
            switch field.kind {
            case .uuid: guard check(span, scanner, &scratch, Identifiers.isUUID) else { return nil }
            case .url: guard check(span, scanner, &scratch, Identifiers.isAbsoluteURL) else { return nil }
            case .string, .integer: break
            }
        }
        return item
    }

    /// A field's value, of its kind; null stands for an absent optional field
    /// (a later key wins, as in the reference).
    private static func value<Scanner: PayloadScanning>(_ scanner: inout Scanner, of field: FastSchema.Field,
                                                        into slot: inout JSONSpan?) -> Bool {
        scanner.skipWhitespace()
        if !field.isRequired, scanner.peek() == 0x6E { // n
            guard scanner.null() else { return false }
            slot = nil
            return true
        }
        switch field.kind {
        case .uuid, .string, .url:
            slot = scanner.string()
        case .integer:
            slot = scanner.number().flatMap { scanner.integer($0) != nil ? $0 : nil }
        }
        return slot != nil
    }

    /// Runs `test` on a string's value (decoded first if it has escapes).
    private static func check<Scanner: PayloadScanning>(_ span: JSONSpan, _ scanner: Scanner, _ scratch: inout [UInt8],
                                                        _ test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if !span.escaped {
            return test(UnsafeBufferPointer(start: scanner.base + span.start, count: span.count))
        }
        scanner.decode(span, into: &scratch)
        return scratch.withUnsafeBufferPointer(test)
    }
}
