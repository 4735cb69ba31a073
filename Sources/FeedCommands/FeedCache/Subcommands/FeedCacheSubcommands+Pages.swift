import FeedCore
import FeedFastPath

extension FeedCacheSubcommands {
    /// Reads every feed document on standard input, a page each (as
    /// `feed-fetch --paginate | feed-map` writes them), and checks all of them
    /// before the cache is touched: one feed of their items, in order, an id
    /// seen before dropped. All or nothing: the first failure ends the read.
    /// A run of item lines (`ItemLine`, as `--format jsonl` writes them) is
    /// one more page of those items, without validators.
    /// An error record is passed on (nil: nothing is to be saved); a 304
    /// response record alone is taken as it is; anything else that is not a
    /// valid feed document is an error.
    ///
    /// Feed documents as feed-map writes them go by the fast path
    /// (`FastFeedSave`), which gives the same answer or declines; `--append`
    /// and everything else by the records read here.
    func readSaveInput() throws -> SaveInput? {
        let bytes: [UInt8]
        switch try stage.input.map(expecting: "a feed document", within: try stage.jsonInputBounds(arguments)) {
        case .mapped(let input):
            if let fast = fastSave(input, inputIsMapped: true) { return fast }
            bytes = Array(input)
        case .read(var input):
            if let fast = input.withUnsafeMutableBufferPointer({ fastSave($0, inputIsMapped: false) }) { return fast }
            bytes = input
        }
        var records = RecordReader(bytes)
        var pages: [LocalFeed] = []
        var validators: FeedValidators?
        var notModified: ResponseRecord?
        var fresh: FreshRecord?
        var itemLines: [JSON] = []
        func endItemLines() throws(ToolError) {
            guard !itemLines.isEmpty else { return }
            let number = pages.count + 1
            pages.append(try LocalFeed(validatingItems: itemLines, what: number == 1 ? "item lines" : "item lines after feed document \(number - 1)"))
            validators = nil
            itemLines = []
        }
        while let entry = records.nextTakingItemLines() {
            if let response = notModified {
                throw CommandStop.failure(ToolError(.invalidData, "a 304 response record must come alone, not with other records"),
                                          url: response.url)
            }
            if let fresh {
                throw CommandStop.failure(ToolError(.invalidData, "a fresh record must come alone, not with other records"), url: fresh.url)
            }
            let next: Result<Record, ToolError>
            switch entry {
            case .success(.itemLine(let line)):
                itemLines.append(line.item)
                continue
            case .success(.record(let record)):
                next = .success(record)
            case .failure(let error):
                next = .failure(error)
            }
            try endItemLines()
            switch next {
            case .success(.document(let object)):
                let number = pages.count + 1
                pages.append(try LocalFeed(validating: object, what: number == 1 ? "feed document" : "feed document \(number)"))
                validators = number == 1 ? FeedValidators(json: object[FeedValidators.documentKey]) : nil
            case .success(.error(let record)):
                recordFailure(record)
                try stage.diagnostics.passOn(record)
                return nil
            case .success(.fresh(let record)) where pages.isEmpty:
                fresh = record
            case .success(.fresh(let record)):
                throw CommandStop.failure(ToolError(.invalidData, "a fresh record must come alone, not after feed documents"), url: record.url)
            case .success(.response(let response)) where response.isNotModified && pages.isEmpty:
                notModified = response
            case .success(.response(let response)) where response.isNotModified:
                throw CommandStop.failure(ToolError(.invalidData, "a 304 response record must come alone, not after feed documents"),
                                          url: response.url)
            case .success(.response(let response)):
                throw CommandStop.failure(ToolError(.invalidData, "expected a feed document, got a response record (pipe it through feed-map)"),
                                          url: response.url)
            case .failure(let error):
                throw pages.isEmpty ? error : ToolError(error.kind, "after feed document \(pages.count): \(error.message)")
            }
        }
        try endItemLines()
        if let notModified { return .notModified(notModified) }
        if let fresh { return .fresh(fresh) }
        guard !pages.isEmpty else { throw ToolError(.notFound, "no input: expected a feed document on standard input") }
        return .feed(LocalFeed(pages: pages), validators: validators)
    }

    /// The fast path's reading of the input; a large one written to the
    /// cache while it is checked, where the cache exists already.
    private func fastSave(_ input: UnsafeMutableBufferPointer<UInt8>, inputIsMapped: Bool) -> SaveInput? {
        guard !arguments.has(.append) else { return nil }
        let stream = FastFeedSave.writesWhileChecking(input.count) ? feedLoader.beginSave() : nil
        guard let (feed, validators) = FastFeedSave.feed(input, inputIsMapped: inputIsMapped, sink: stream) else {
            stream?.abandon()
            return nil
        }
        return .checked(feed, validators: validators, streamedTo: stream)
    }
}
