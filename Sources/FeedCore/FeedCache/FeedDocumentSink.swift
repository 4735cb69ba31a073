/// Where a document goes while it is being checked and written out (by the
/// fast path of `save`): told each time more of its beginning is final, so
/// that those bytes can be written to their place, on another thread, while
/// the rest is read. What it was given counts only if the whole feed passes
/// and is committed (`StreamedFeed`).
public protocol FeedDocumentSink: AnyObject {
    /// The document's bytes up to `final.count` will not change again
    /// (`final` starts at its first byte, and stays readable until
    /// `documentEnds` or `documentIsVoid` returns).
    func documentIsFinal(upTo final: UnsafeRawBufferPointer)
    /// The whole document is `whole`: returns once all of it is written,
    /// and its memory is no longer read.
    func documentEnds(_ whole: UnsafeRawBufferPointer)
    /// The document is given up, or begun again from its first byte: what
    /// was given is void. Returns once its memory is no longer read.
    func documentIsVoid()
}
