import FeedCore

/// feed-map's work over all of its input: one feed document (or error
/// record) per record read, in order. The fast paths (`FastPathChoice`) are
/// given the whole input; the reference path (`JSONReader`,
/// `FeedItemsMapper`) does all they decline.
struct FeedMapping {
    let schema: FeedSchema
    let stage: Stage
    let releasesInput: Bool

    func run(_ input: UnsafeMutableBufferPointer<UInt8>) throws(CommandStop) {
        try FastPathChoice.installed.mapRecords(input, schema: schema, compact: stage.output.takesCompactDocuments,
                                                releasesInput: releasesInput, write: stage.output.emit(raw:)) { (offset) throws(CommandStop) in
            try mapValue(input, at: &offset)
        }
    }

    /// The reference path for the value at `offset`, moving past it; false
    /// where the stream ends (nothing more, or malformed input).
    private func mapValue(_ input: UnsafeMutableBufferPointer<UInt8>, at offset: inout Int) throws(CommandStop) -> Bool {
        let value: JSON?
        do {
            value = try JSONReader.value(in: UnsafeBufferPointer(input), at: &offset)
        } catch {
            // After malformed JSON nothing can be trusted: the stream ends here.
            try stage.diagnostics.fail(ToolError(.invalidData, "malformed input: \(error)"))
            return false
        }
        guard let value else { return false }
        try map(value)
        return true
    }

    /// The reference path for one value read from the input.
    private func map(_ value: JSON) throws(CommandStop) {
        let record: Record
        do {
            record = try Record.classify(value)
        } catch {
            return try stage.diagnostics.fail(error)
        }
        switch record {
        case .response(var response) where response.isNotModified:
            // For feed-cache save, which renews the cached feed if it was mapped with this schema.
            response.schema = FeedValidators.schemaName(schema)
            try stage.output.emit(response.json)
        case .response(let response):
            try show(url: response.url) { () throws(ToolError) in
                do throws(ToolError) {
                    return try FeedItemsMapper.map(response, schema: schema)
                } catch {
                    // A 429 or 503 that named a time to come back: carried on, for save to remember.
                    var failure = error
                    failure.notBefore = RetryAfter.notBefore(of: response, now: stage.io.now())
                    throw failure
                }
            }
        case .fresh(let fresh):
            try stage.output.emit(fresh.json) // for feed-cache save, which notes the run and stores nothing
        case .document(let payload):
            try show(url: nil) { () throws(ToolError) in
                do throws(ToolError) {
                    return try FeedItemsMapper.map(payload: payload, schema: schema)
                } catch where Self.isFeedDocument(payload) {
                    throw ToolError(error.kind, "already a feed document; feed-map reads API responses (items with an image): give it to feed-cache save or feed-fetch")
                }
            }
        case .error(let record):
            try stage.diagnostics.passOn(record)
        }
    }

    /// Whether a payload that failed to map is a feed document (what
    /// feed-map or feed-cache wrote): its first item has a `url` and no `image`.
    static func isFeedDocument(_ payload: JSONObject) -> Bool {
        guard let first = JSON.object(payload)["items"]?.arrayValue?.first else { return false }
        return first["url"]?.stringValue != nil && first["image"] == nil
    }

    private func show(url: String?, _ mapping: () throws(ToolError) -> FeedDocument) throws(CommandStop) {
        let document: FeedDocument
        do {
            document = try mapping()
        } catch {
            return try stage.diagnostics.fail(error, url: url)
        }
        try stage.output.show(document)
    }
}
