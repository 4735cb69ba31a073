/// A feed as the cache holds it: the feed document's exact bytes (one compact
/// JSON line, as `load` will print it), when it was saved, and the
/// validators of the response it came from, if it came from one.
public struct CachedFeed: Equatable, Sendable {
    public var document: CachedBytes
    public var timestamp: Timestamp
    public var validators: FeedValidators?

    public init(document: CachedBytes, timestamp: Timestamp, validators: FeedValidators? = nil) {
        self.document = document
        self.timestamp = timestamp
        self.validators = validators
    }

    public init(document: [UInt8], timestamp: Timestamp, validators: FeedValidators? = nil) {
        self.init(document: CachedBytes(document), timestamp: timestamp, validators: validators)
    }
}
