import FeedCore

/// feed-map's fast path: maps a response record where it stands in the
/// input, without building a JSON tree, straight to the compact feed
/// document. It takes only the happy path and declines anything else, having
/// written and changed nothing, so that the reference path (`JSONReader`,
/// `FeedItemsMapper`) gives every other answer, errors included.
///
/// Three ways in, tried in order:
/// 1. The body read as it stands, escaped, in the record (`EscapedJSONScanner`).
/// 2. The body decoded into a scratch buffer, then read as plain JSON
///    (`JSONScanner`): for a `\u` escape at the record's level, say.
/// 3. A bare payload document, the whole rest of the input, read as it
///    stands (`JSONScanner`).
final class FastFeedMapper {
    /// Nil for a schema beyond the fast path's limits: every record is declined.
    private let schema: FastSchema?
    /// The schema the validators remember (`FeedValidators.mapped(as:)`).
    private let feedSchema: FeedSchema
    private let releasesInput: Bool
    private let arena = FeedOutputArena()
    private var decodedBody: [UInt8] = []

    /// With `releasesInput`, input pages read past are given back to the
    /// kernel as the scan goes: only for input mapped from a file (they are
    /// read again from it if a slower path needs them).
    init(schema: FeedSchema, releasesInput: Bool = false) {
        self.schema = FastSchema.of(schema)
        feedSchema = schema
        self.releasesInput = releasesInput
    }

    /// Maps the record at `offset`: writes its whole document through `write`
    /// and returns where the record ends; or nil, having written nothing.
    func map<E: Error>(_ input: UnsafeMutableBufferPointer<UInt8>, at offset: Int,
                              write: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) -> Int? {
        guard let base = input.baseAddress, let schema else { return nil }
        var cursor = JSONCursor(JSONScanner(input, from: offset))
        if let (bodyStart, fields) = ResponseRecordScan.bodyStart(&cursor) {
            let window = bodyStart..<min(input.count, bodyStart + FastFeedMapper.undecodedLimit)
            if let mapped = FeedPayloadMapper.map(EscapedJSONScanner.self, base: base, window, schema: schema, arena: arena,
                                                  releasesInput: releasesInput) {
                cursor.index = mapped.end
                if ResponseRecordScan.finishRecord(&cursor) {
                    try mapped.write(write, closing: FeedDocument.compactClosing(validators: fields.validators?.mapped(as: feedSchema)))
                    return cursor.index
                }
            }
        }
        if let end = try mapDecoded(input, at: offset, schema: schema, write: write) { return end }
        return try mapAlone(input, at: offset, schema: schema, write: write)
    }

    /// The third way: a bare payload document that is all the rest of the
    /// input (`feed-map < payload.json`), read as it stands. Anything after
    /// it, or a key that makes it another record, declines.
    private func mapAlone<E: Error>(_ input: UnsafeMutableBufferPointer<UInt8>, at offset: Int, schema: FastSchema,
                                    write: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) -> Int? {
        guard let base = input.baseAddress,
              let mapped = FeedPayloadMapper.map(JSONScanner.self, base: base, offset..<input.count, schema: schema, arena: arena,
                                                 releasesInput: releasesInput, alone: true) else { return nil }
        try mapped.write(write, closing: FeedDocument.compactClosing(validators: nil))
        // Only white space follows the document: it ends at its last other byte, as a reader says.
        var end = mapped.end
        while end > offset, JSONWhitespace.contains(base[end - 1]) { end -= 1 }
        return end
    }

    /// The longest body the first way takes (its output buffer is sized to
    /// the rest of the input, as where the body ends is not known yet).
    static let undecodedLimit = 1 << 30

    /// The second way: a record with url, status 200, headers and body in any
    /// order, its body decoded into `decodedBody` and mapped from there.
    private func mapDecoded<E: Error>(_ input: UnsafeMutableBufferPointer<UInt8>, at offset: Int, schema: FastSchema,
                                      write: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) -> Int? {
        var cursor = JSONCursor(JSONScanner(input, from: offset))
        guard let (body, fields) = ResponseRecordScan.record(&cursor) else { return nil }
        cursor.scanner.decode(body, into: &decodedBody)
        let mapped = decodedBody.withUnsafeMutableBufferPointer { decoded in
            decoded.baseAddress.flatMap { base in
                FeedPayloadMapper.map(JSONScanner.self, base: base, 0..<decoded.count, schema: schema, arena: arena,
                                      releasesInput: false)
            }
        }
        guard let mapped else { return nil }
        try mapped.write(write, closing: FeedDocument.compactClosing(validators: fields.validators?.mapped(as: feedSchema)))
        return cursor.index
    }
}
