import FeedCore

/// Writes one checked item as `JSONWriter` writes the reference document's:
/// the schema's fields in order, optional ones left out, ids as they were read.
struct FeedItemWriter {
    private var scratch: [UInt8] = []
    private var encoded: [UInt8] = []

    @inline(__always)
    mutating func write<Scanner: PayloadScanning>(_ item: ItemSpans, from scanner: Scanner, schema: FastSchema,
                                                  into out: inout FeedOutput) {
        let fields = schema.fields
        for index in fields.indices {
            guard let span = item[index] else { continue }
            let field = fields[index]
            // The common case, a field whose value has no escape, with one check for room.
            if !span.escaped, field.kind != .integer, out.hasRoom(ShortBytes.capacity + span.count + 2) {
                out.appendUnchecked(field.prefix)
                out.appendUnchecked(0x22)
                out.appendUnchecked(scanner.base + span.start, span.count)
                out.appendUnchecked(0x22)
                continue
            }
            out.append(field.prefix)
            switch field.kind {
            case .uuid, .string, .url:
                appendString(span, from: scanner, into: &out)
            case .integer:
                if let value = scanner.integer(span) { out.append(Array(String(value).utf8)) }
            }
        }
        out.append(0x7D)
    }

    @inline(__always)
    private mutating func appendString<Scanner: PayloadScanning>(_ span: JSONSpan, from scanner: Scanner, into out: inout FeedOutput) {
        if !span.escaped {
            // No escape: the bytes are the value, and nothing in them needs escaping.
            out.append(0x22)
            out.append(scanner.base + span.start, span.count)
            out.append(0x22)
        } else {
            scanner.decode(span, into: &scratch)
            encoded.removeAll(keepingCapacity: true)
            scratch.withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &encoded) }
            out.append(encoded)
        }
    }
}
