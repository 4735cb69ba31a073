import FeedCore

/// A stream that keeps what the fast save gives it, as the store's file
/// would, and notes the first time a promise is broken: bytes once given
/// changing, a document that shrinks, anything given after its end.
final class RecordingDocumentSink: StreamedFeed {
    /// Whether the save asked for it (`begin`).
    private(set) var begun = false
    private(set) var document: [UInt8] = []
    private(set) var ended = false
    private(set) var broken: String?

    func documentIsFinal(upTo final: UnsafeRawBufferPointer) {
        take(final)
    }

    func documentEnds(_ whole: UnsafeRawBufferPointer) {
        take(whole)
        ended = true
    }

    func begin() -> StreamedFeed {
        begun = true
        return self
    }

    func commit(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws {}

    func abandon() {}

    func documentIsVoid() {
        document = []
        ended = false
    }

    private func take(_ final: UnsafeRawBufferPointer) {
        guard broken == nil else { return }
        guard !ended else { broken = "bytes given after the document's end"; return }
        guard final.count >= document.count else { broken = "the final bytes shrank"; return }
        // The end of what was given before (all of it is compared with the document at its end).
        let tail = max(0, document.count - 64)
        guard final[tail..<document.count].elementsEqual(document[tail...]) else { broken = "bytes given as final changed"; return }
        document += final[document.count...]
    }
}
