import FeedCore

/// A sink that keeps what `FastFeedSave` gives it, as the store's file
/// would, and notes the first time a promise is broken: bytes once given
/// changing, a document that shrinks, anything given after its end.
final class RecordingDocumentSink: FeedDocumentSink {
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
