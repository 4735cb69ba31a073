/// An item's shown texts (`FeedItemTexts`) as UTF-8 where they stand, for
/// the writers that copy them into their output: read straight from a
/// cached document, with no String made, or lent by `FeedItemTexts.withBytes`.
/// Valid only within the call that gives it.
public struct FeedItemTextBytes {
    public var url: UnsafeBufferPointer<UInt8>?
    public var description: UnsafeBufferPointer<UInt8>?
    public var location: UnsafeBufferPointer<UInt8>?
    public var author: UnsafeBufferPointer<UInt8>?
    public var likes: UnsafeBufferPointer<UInt8>?

    public init() {}

    public subscript(shown: FeedItemTexts.Shown) -> UnsafeBufferPointer<UInt8>? {
        get {
            switch shown {
            case .url: return url
            case .description: return description
            case .location: return location
            case .author: return author
            case .likes: return likes
            }
        }
        set {
            switch shown {
            case .url: url = newValue
            case .description: description = newValue
            case .location: location = newValue
            case .author: author = newValue
            case .likes: likes = newValue
            }
        }
    }
}

extension FeedItemTexts {
    /// Calls `body` with these texts' bytes, copied one after another into
    /// one buffer.
    public func withBytes<R, E: Error>(_ body: (FeedItemTextBytes) throws(E) -> R) throws(E) -> R {
        var joined: [UInt8] = []
        var ranges: [(shown: Shown, range: Range<Int>)] = []
        for shown in Shown.allCases {
            guard let text = self[shown] else { continue }
            let start = joined.count
            joined += text.utf8
            ranges.append((shown, start..<joined.count))
        }
        let result = joined.withUnsafeBufferPointer { (buffer) -> Result<R, E> in
            var bytes = FeedItemTextBytes()
            for (shown, range) in ranges { bytes[shown] = UnsafeBufferPointer(rebasing: buffer[range]) }
            return Result { () throws(E) in try body(bytes) }
        }
        return try result.get()
    }
}

extension FeedItemTextBytes {
    /// The same texts as Strings (for a check against `FeedItemTexts`).
    public var texts: FeedItemTexts {
        var texts = FeedItemTexts()
        for shown in FeedItemTexts.Shown.allCases {
            texts[shown] = self[shown].map { String(decoding: $0, as: UTF8.self) }
        }
        return texts
    }
}
