extension CachedBytes {
    /// The items of the feed document these cached bytes hold: the one way
    /// the cache's bytes become items, for every output format and for
    /// `append`. Bytes that are no feed document are a `retrieval` error.
    public func feedItems() throws(ToolError) -> [JSON] {
        func unreadable(_ why: String) -> ToolError { ToolError(.retrieval, "cannot read the cached feed: \(why)") }
        let value: JSON
        do {
            value = try JSONReader.parseSingle(array)
        } catch {
            throw unreadable("\(error)")
        }
        guard case .object(let object) = value else { throw unreadable("it is not a feed document") }
        do {
            return try PayloadItems.items(in: object, what: "feed")
        } catch {
            throw unreadable(error.message)
        }
    }
}
