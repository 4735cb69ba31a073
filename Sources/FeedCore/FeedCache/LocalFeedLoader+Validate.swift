extension LocalFeedLoader {
    /// Deletes the cached feed (and its image data) if it cannot be read or has
    /// expired; keeps a valid or empty cache.
    ///
    /// A valid or empty cache is seen to be so by a plain read, which needs
    /// neither the writers' lock nor write access: a cache this process may
    /// read but not write validates. Only a feed that looks stale is read
    /// again and deleted under the lock, so that a feed another writer saved
    /// in between is judged, and kept, as it now is.
    public func validateCache() throws(ToolError) {
        if case .success(let cached) = Result(catching: { try store.retrieve() }), !isStale(.success(cached)) {
            return
        }
        do {
            try store.deleteCachedFeed(if: isStale)
        } catch {
            throw CacheFailure.wrapping(error, default: .deletion, "cannot delete the cached feed")
        }
    }

    /// Whether a cache, as retrieved, is to be deleted: unreadable, not a
    /// feed document, or as old as the max age or older.
    private func isStale(_ retrieved: Result<CachedFeed?, Error>) -> Bool {
        switch retrieved {
        case .failure: return true
        case .success(nil): return false
        case .success(let cached?):
            do { try checkShape(of: cached) } catch { return true }
            return !policy.validate(cached.timestamp, against: currentDate())
        }
    }
}
