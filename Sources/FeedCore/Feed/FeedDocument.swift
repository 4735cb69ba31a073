/// `{"items":[…]}`: what feed-map writes and feed-cache stores. A document
/// mapped from a 200 that carried validators carries them too, beside the
/// items (`FeedValidators.documentKey`), for `feed-cache save` to keep.
public struct FeedDocument: Equatable, Sendable {
    public var items: [JSON]
    public var validators: FeedValidators?

    public init(items: [JSON], validators: FeedValidators? = nil) {
        self.items = items
        self.validators = validators
    }

    /// What ends a compact document after its last item: what `json`
    /// written compact has there (for writers that write the items themselves).
    public static func compactClosing(validators: FeedValidators?) -> [UInt8] {
        var closing: [UInt8] = [0x5D] // ]
        if let validators {
            closing.append(0x2C) // ,
            JSONWriter.appendString(FeedValidators.documentKey, to: &closing)
            closing.append(0x3A) // :
            JSONWriter().append(validators.json, to: &closing, indent: 0)
        }
        closing += [0x7D, 0x0A] // }\n
        return closing
    }

    public var json: JSON {
        var members: [(key: String, value: JSON)] = [("items", .array(items))]
        if let validators { members.append((FeedValidators.documentKey, validators.json)) }
        return .object(JSONObject(distinct: members))
    }
}
