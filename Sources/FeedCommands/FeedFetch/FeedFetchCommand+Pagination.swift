import FeedCore

extension FeedFetchCommand {
    /// `--paginate URL`: the feed's pages, one response record each, written
    /// as each arrives (see `Pagination` for when they end). A status is a
    /// response, for the mapper to judge; a page that fails is its error
    /// record, the last one, and the run's exit code.
    func paginate(_ operands: [String], _ options: FetchOptions, _ stage: Stage) throws {
        guard operands.count == 1, let operand = operands.first else {
            throw stage.usage(operands.isEmpty
                ? "\(OptionKey.paginate) needs a URL argument (it does not read URLs from standard input)"
                : "\(OptionKey.paginate) takes one URL argument, got \(operands.count)")
        }
        let url: String
        do {
            url = try Identifiers.fetchableURL(operand)
        } catch {
            throw CommandStop.failure(error, url: operand)
        }
        let pages = PaginatedFetch(client: try client(options, stage), maxPages: options.maxPages)
        let cut = try pages.run(url) { page in
            switch page {
            case .success(let record): try stage.output.emit(record.json)
            case .failure(let record): try stage.diagnostics.fail(record.error, url: record.url)
            }
        }
        if let cut {
            stage.diagnostics.notice("stopped after \(cut) \(cut == 1 ? "page" : "pages") (\(OptionKey.maxPages) \(cut)); the feed may have more")
        }
    }
}
