import FeedCore

/// What `feed-cache image save` reports of one record once its batch is
/// stored: nothing for an image stored, one line and an error record for a
/// failure, an earlier stage's error record passed on.
enum ImageSaveOutcome {
    /// A good response's body, stored under its URL.
    case stored(url: String)
    /// A good response's body the cache could not store.
    case notStored(ToolError, url: String)
    /// An error that starts here, not about the cache.
    case failure(ToolError, url: String?)
    /// An earlier stage's error record, passed on silently.
    case passOn(ErrorRecord)
}
