extension LocalFeedLoader {
    /// The validators stored with the cached feed if it was saved from
    /// exactly `url`, expired or not; nil otherwise, and nil if the cache
    /// cannot be read (the request is then a plain GET). Reads only.
    public func validators(savedFrom url: String) -> FeedValidators? {
        guard let cached = try? store.retrieve(), let validators = cached.validators, validators.url == url else { return nil }
        return validators
    }
}
