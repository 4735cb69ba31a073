import FeedCore

/// What the cached document's readers say when their second pass does not
/// find what their first pass checked (the bytes changed under them, or a
/// fault of the reader's own): the command fails with this, whatever it has
/// written, and its output is never cut short without a word.
enum CachedPasses {
    static var disagreement: ToolError {
        ToolError(.retrieval, "cannot read the cached feed: its two readings disagree")
    }
}

/// How `CachedFeedIDs.write` ended.
enum CachedReading {
    /// Not a document it takes: nothing written, the reference reading answers.
    case declined
    case written
    /// Written in part, then the second pass did not find what the first
    /// checked: fail with `CachedPasses.disagreement`.
    case passesDisagree
}
