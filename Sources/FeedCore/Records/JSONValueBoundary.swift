/// Finds where a JSON value ends in input that arrives in pieces, without
/// reading the value: it counts brackets outside strings, and a bare number
/// or literal ends at white space. What it finds is then read (and judged)
/// by `JSONReader`; malformed JSON only makes it stop early or late, and the
/// reader says what is wrong. Its state carries over from piece to piece, so
/// each byte is looked at once however slowly a large value arrives.
///
/// Why it exists: a pipe's records must be read as they arrive, before the
/// input ends. Kept in agreement by `StreamingRecordReaderTests` and the
/// `record-stream` fuzz target: input fed in pieces of any size gives the
/// records, and the errors at the same offsets, that `RecordReader` gives
/// on the whole input.
struct JSONValueBoundary {
    private enum Place { case before, inside, bare }

    private var place = Place.before
    private var depth = 0
    private var inString = false
    private var escaped = false

    /// Whether the value has begun (a byte that is not white space was seen).
    var hasBegun: Bool { place != .before }

    /// Looks on from `offset` in `bytes`: the offset just past the value's
    /// end, or nil if it has not ended there (then `offset` is `bytes.count`).
    /// After an end, the next call looks for the next value.
    mutating func end(in bytes: UnsafeBufferPointer<UInt8>, from offset: inout Int) -> Int? {
        while offset < bytes.count {
            if inString {
                // Most of a record is its body: here only a quote or a backslash
                // counts, and the plain runs between them are passed eight bytes at a time.
                while offset < bytes.count, inString {
                    if !escaped {
                        offset = JSONStringBytes.plainRunEnd(in: bytes, from: offset)
                        guard offset < bytes.count else { break }
                    }
                    let byte = bytes[offset]
                    offset += 1
                    if escaped {
                        escaped = false
                    } else if byte == 0x5C { // \
                        escaped = true
                    } else if byte == 0x22 { // "
                        inString = false
                    }
                }
                if !inString, depth == 0 { return ended(at: offset) }
                continue
            }
            let byte = bytes[offset]
            offset += 1
            if place == .bare {
                if JSONWhitespace.contains(byte) { return ended(at: offset - 1) }
                continue
            }
            switch byte {
            case 0x22: // "
                place = .inside
                inString = true
            case 0x7B, 0x5B: // { [
                place = .inside
                depth += 1
            case 0x7D, 0x5D: // } ]
                // A closer with nothing open is a value of one byte, for the reader to refuse.
                depth -= 1
                if depth <= 0 { return ended(at: offset) }
            default:
                if place == .before, !JSONWhitespace.contains(byte) { place = .bare }
            }
        }
        return nil
    }

    private mutating func ended(at end: Int) -> Int {
        self = JSONValueBoundary()
        return end
    }
}
