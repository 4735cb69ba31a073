/// A feed as the cache holds it: the feed document's exact bytes (one compact
/// JSON line, as `load` will print it) and when it was saved.
public struct CachedFeed: Equatable, Sendable {
    public var document: CachedBytes
    public var timestamp: Timestamp

    public init(document: CachedBytes, timestamp: Timestamp) {
        self.document = document
        self.timestamp = timestamp
    }

    public init(document: [UInt8], timestamp: Timestamp) {
        self.init(document: CachedBytes(document), timestamp: timestamp)
    }
}
