import FeedCore

/// `feed-cache save`: the pages on standard input checked, then stored as
/// one feed; the refresh's history kept.
struct CacheSave: CacheSubcommand {
    let cache: OpenCache

    /// Saves the pages on standard input as one feed, after the cached feed's
    /// items with `--append` ("load more"); renews the cached feed on a 304;
    /// nothing when an error record came, nor for a fresh record. Then writes
    /// what it stored (or holds), as `load` would, unless `--quiet`. Each
    /// outcome is noted in the refresh's history (`recordSuccess`, `recordFailure` below).
    func run() throws {
        guard let input = try readSaveInput() else { return }
        SaveCheckpoint.reached(stage.io.environment)
        let append = arguments.has(.append)
        let stored: CachedBytes
        switch input {
        case .notModified(let response):
            guard !append else {
                throw CommandStop.failure(ToolError(.invalidData, "a 304 response record cannot be appended: there are no items in it"),
                                          url: response.url)
            }
            do {
                stored = try feedLoader.renew(after: response)
            } catch {
                throw CommandStop.failure(inCache(error), url: response.url)
            }
        case .fresh(let fresh):
            guard !append else {
                throw CommandStop.failure(ToolError(.invalidData, "a fresh record cannot be appended: there are no items in it"), url: fresh.url)
            }
            let cached: CachedFeed
            do {
                cached = try feedLoader.loadFresh(savedFrom: fresh.url)
            } catch {
                throw CommandStop.failure(inCache(error), url: fresh.url)
            }
            try recordSuccess()
            if !arguments.has(.quiet) { try show(cached.document, savedAt: cached.timestamp) }
            return
        case .checked(let feed, let validators, let stream):
            do {
                stored = try feedLoader.save(feed, validators: validators, streamedTo: stream)
            } catch {
                throw inCache(error)
            }
        case .feed(let feed, let validators):
            do {
                stored = CachedBytes(append ? try feedLoader.append(feed) : try feedLoader.save(feed, validators: validators))
            } catch {
                throw inCache(error)
            }
        }
        try recordSuccess()
        if !arguments.has(.quiet) { try show(stored, savedAt: stage.io.now()) }
    }

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
    /// The fast paths (`FastPathChoice`) check the input first (feed
    /// documents as feed-map writes them); what they decline is read here.
    func readSaveInput() throws -> SaveInput? {
        switch try stage.input.map(expecting: "a feed document", within: try stage.jsonInputBounds(arguments)) {
        case .mapped(let input):
            return try checkSaveInput(input, inputIsMapped: true) { try readRecords(Array(input)) }
        case .read(let input):
            // Never written to by the check (`SaveInputChecking`).
            return try input.withUnsafeBufferPointer { (buffer) throws -> SaveInput? in
                try checkSaveInput(UnsafeMutableBufferPointer(mutating: buffer), inputIsMapped: false) { try readRecords(input) }
            }
        }
    }

    /// The input checked by the fast paths, else by `reference`; a large one
    /// written to the cache while it is checked, where the cache exists already.
    private func checkSaveInput(_ input: UnsafeMutableBufferPointer<UInt8>, inputIsMapped: Bool,
                                reference: () throws -> SaveInput?) throws -> SaveInput? {
        try FastPathChoice.installed.checkSaveInput(input, inputIsMapped: inputIsMapped, appending: arguments.has(.append),
                                                    beginSave: feedLoader.beginSave,
                                                    checked: { .checked($0, validators: $1, streamedTo: $2) }, reference: reference)
    }

    /// The reference reading of the input's records.
    private func readRecords(_ bytes: [UInt8]) throws -> SaveInput? {
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

    /// `save` stored a feed, renewed one after a 304, or found it fresh. A
    /// history that cannot be written is `saving` (74), as any failed write
    /// of the store: the disk is in trouble (the feed is saved already).
    func recordSuccess() throws(CommandStop) {
        let now = stage.io.now()
        do {
            try history?.record { ($0 ?? RefreshHistory()).succeeded(at: now) }
        } catch {
            throw .failure(inCache(error))
        }
    }

    /// An error record reached `save`: one failure more (a deferred run,
    /// which asked nothing, changes nothing). The record's failure is the
    /// one told: a history lost with it is only a lost update.
    func recordFailure(_ record: ErrorRecord) {
        guard RefreshHistory.counts(record.kind) else { return }
        let now = stage.io.now()
        try? history?.record { ($0 ?? RefreshHistory()).failed(at: now, record.error) }
    }
}
