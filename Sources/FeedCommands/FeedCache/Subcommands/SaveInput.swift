import FeedCore

/// What `feed-cache save` read from standard input.
enum SaveInput {
    /// One feed of the documents' items; the validators of the response it
    /// was mapped from when it is one document that carries them.
    case feed(LocalFeed, validators: FeedValidators?)
    /// The same, checked and written out already (by the fast path), and
    /// written to the cache's new feed file as it was checked, if it was.
    case checked(CheckedFeed, validators: FeedValidators?, streamedTo: StreamedFeed?)
    /// A 304, alone: the cached feed from its URL is to be renewed.
    case notModified(ResponseRecord)
    /// A fresh record, alone: nothing to store, the run noted as a success.
    case fresh(FreshRecord)
}
