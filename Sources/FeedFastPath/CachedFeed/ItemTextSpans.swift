import FeedCore

/// Where an item's shown texts stand (`ItemTextsScan`): each in the
/// document, or in a buffer of decoded texts beside it. Plain values, so
/// that a run of items can be handed from the thread that scans them to the
/// one that writes them.
struct ItemTextSpans {
    struct Span {
        var start: Int
        var count: Int
        var isDecoded: Bool
    }

    private var url, description, location, author, likes: Span?

    subscript(shown: FeedItemTexts.Shown) -> Span? {
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

    /// The spans of texts read the reference way, their bytes appended to
    /// `decoded`.
    init(copying texts: FeedItemTexts, into decoded: inout [UInt8]) {
        for shown in FeedItemTexts.Shown.allCases {
            guard let text = texts[shown] else { continue }
            let start = decoded.count
            decoded += text.utf8
            self[shown] = Span(start: start, count: decoded.count - start, isDecoded: true)
        }
    }

    init() {}

    /// The texts' bytes, in `document` or in `decoded`.
    func bytes(in document: UnsafePointer<UInt8>, decoded: UnsafePointer<UInt8>?) -> FeedItemTextBytes {
        func bytes(_ span: Span?) -> UnsafeBufferPointer<UInt8>? {
            guard let span else { return nil }
            return UnsafeBufferPointer(start: (span.isDecoded ? decoded ?? document : document) + span.start, count: span.count)
        }
        var texts = FeedItemTextBytes()
        texts.url = bytes(url)
        texts.description = bytes(description)
        texts.location = bytes(location)
        texts.author = bytes(author)
        texts.likes = bytes(likes)
        return texts
    }
}
