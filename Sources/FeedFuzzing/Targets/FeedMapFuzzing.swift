import FeedCore
import FeedComposition

/// Differential: feed-map's mapping of the records (or of a bare payload
/// document that is the whole input), the fast paths (`FastFeedPaths`)
/// against the reference path, for each schema. What the fast paths map,
/// record after record, the reference maps to the same bytes and ends at
/// the same offset; the record they decline, they leave untouched, with
/// nothing of it written.
enum FeedMapFuzzing {
    static let name = "feed-map"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        for schema in FeedSchema.allCases {
            try check(input, schema)
        }
    }

    private static func check(_ input: [UInt8], _ schema: FeedSchema) throws(FuzzFinding) {
        try checkSpelling(input, schema)
        var bytes = input
        var written: [UInt8] = []
        var declinedAt: Int?
        bytes.withUnsafeMutableBufferPointer { buffer in
            FastPathInstallation.fastPaths.mapRecords(buffer, schema: schema, compact: true, releasesInput: false,
                                       write: { (chunk: UnsafeRawBufferPointer) in written += chunk }) { offset in
                declinedAt = offset
                return false
            }
        }
        let end = declinedAt ?? input.count
        if let declinedAt {
            try expect.require(bytes[declinedAt...] == input[declinedAt...], "the fast path declined (\(schema)) after changing its input")
        }
        guard end > 0 else {
            try expect.require(written.isEmpty, "the fast path declined (\(schema)) after writing")
            return
        }
        let (expected, referenceEnd) = try reference(input, schema, upTo: end)
        try expect.require(written == expected, "the fast path (\(schema)) wrote other bytes than the reference path")
        try expect.require(end == referenceEnd, "the fast path (\(schema)) ends at \(end), the reference path at \(referenceEnd)")
    }

    /// The reference path's document, where it maps a response record: each
    /// item's id as the payload spells it, and its url the payload's image,
    /// as it is if absolute, else resolved against the record's url.
    private static func checkSpelling(_ input: [UInt8], _ schema: FeedSchema) throws(FuzzFinding) {
        var offset = 0
        guard let value = try? input.withUnsafeBufferPointer({ (buffer) throws(JSONSyntaxError) in try JSONReader.value(in: buffer, at: &offset) }),
              case .response(let response)? = try? Record.classify(value),
              let document = try? FeedItemsMapper.map(response, schema: schema),
              let items = try? PayloadItems.items(inBody: response.body, what: "feed"), items.count == document.items.count else { return }
        for (item, mapped) in zip(items, document.items) {
            try expect.require(mapped["id"]?.stringValue == item["id"]?.stringValue, "an id not spelt as the payload spells it (\(schema))")
            guard let image = item["image"]?.stringValue, let url = mapped["url"]?.stringValue else {
                throw expect.fail("a mapped item without its image (\(schema))")
            }
            try expect.require(Identifiers.isAbsoluteURL(url), "a mapped url that is not absolute (\(schema))")
            try expect.require(url == (Identifiers.isAbsoluteURL(image) ? image : URLReference.resolve(image, against: response.url)),
                               "a mapped url neither the image as given nor resolved against the record's url (\(schema))")
        }
    }

    /// The documents the reference path writes for the records from 0 until
    /// `end` (what the fast path took), and where the last of them ends.
    private static func reference(_ input: [UInt8], _ schema: FeedSchema, upTo end: Int) throws(FuzzFinding) -> ([UInt8], Int) {
        var offset = 0
        var written: [UInt8] = []
        while offset < end {
            let value: JSON?
            do {
                value = try input.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try JSONReader.value(in: buffer, at: &offset) }
            } catch {
                throw expect.fail("the fast path (\(schema)) mapped what the reader rejects: \(error)")
            }
            guard value != nil else { break }
            do {
                let document: FeedDocument
                switch try value.map(Record.classify) {
                case .response(let response)?: document = try FeedItemsMapper.map(response, schema: schema)
                case .document(let payload)?: document = try FeedItemsMapper.map(payload: payload, schema: schema)
                default: throw expect.fail("the fast path (\(schema)) mapped what is neither a response record nor a payload")
                }
                written += JSONWriter(style: .compact).line(document.json)
            } catch let error as FuzzFinding {
                throw error
            } catch {
                throw expect.fail("the fast path (\(schema)) mapped what the reference path rejects: \(error)")
            }
        }
        return (written, offset)
    }
}
