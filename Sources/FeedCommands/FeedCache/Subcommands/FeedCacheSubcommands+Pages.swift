import FeedCore

extension FeedCacheSubcommands {
    /// Reads every feed document on standard input, a page each (as
    /// `feed-fetch --paginate | feed-map` writes them), and checks all of them
    /// before the cache is touched: one feed of their items, in order, an id
    /// seen before dropped. All or nothing: the first failure ends the read.
    /// An error record is passed on (nil: nothing is to be saved); anything
    /// else that is not a valid feed document is an error.
    func readPages() throws -> LocalFeed? {
        var records = RecordReader(try stage.input.read(expecting: "a feed document"))
        var pages: [LocalFeed] = []
        while let next = records.next() {
            switch next {
            case .success(.document(let object)):
                let number = pages.count + 1
                pages.append(try LocalFeed(validating: object, what: number == 1 ? "feed document" : "feed document \(number)"))
            case .success(.error(let record)):
                try stage.diagnostics.passOn(record)
                return nil
            case .success(.response(let response)):
                throw CommandStop.failure(ToolError(.invalidData, "expected a feed document, got a response record (pipe it through feed-map)"),
                                          url: response.url)
            case .failure(let error):
                throw pages.isEmpty ? error : ToolError(error.kind, "after feed document \(pages.count): \(error.message)")
            }
        }
        guard !pages.isEmpty else { throw ToolError(.notFound, "no input: expected a feed document on standard input") }
        return LocalFeed(pages: pages)
    }
}
