import FeedCore

extension FeedCacheSubcommands {
    func save() throws {
        var records = RecordReader(try stage.input.read(expecting: "a feed document"))
        let feed: LocalFeed
        switch records.next() {
        case .success(.document(let object))?:
            feed = try LocalFeed(validating: object)
        case .success(.error(let record))?:
            try stage.diagnostics.passOn(record)
            return
        case .success(.response(let response))?:
            throw CommandStop.failure(ToolError(.invalidData, "expected a feed document, got a response record (pipe it through feed-map)"),
                                      url: response.url)
        case .failure(let error)?:
            throw error
        case nil:
            throw ToolError(.notFound, "no input: expected a feed document on standard input")
        }
        if records.next() != nil {
            throw ToolError(.invalidData, "expected one feed document, got more")
        }
        let stored: [UInt8]
        do {
            stored = try feedLoader.save(feed)
        } catch {
            throw inCache(error)
        }
        if !arguments.has("--quiet") { try show(CachedBytes(stored)) }
    }

    func load() throws {
        let cached: CachedFeed
        do {
            cached = try feedLoader.load()
        } catch {
            throw inCache(error)
        }
        try show(cached.document)
    }

    func validate() throws {
        do {
            try feedLoader.validateCache()
        } catch {
            throw inCache(error)
        }
    }

    /// Writes a feed the cache holds: the exact stored bytes where the output
    /// takes compact documents, else read and shown in the chosen format.
    private func show(_ document: CachedBytes) throws {
        if stage.output.takesCompactDocuments {
            return try document.withUnsafeBytes { (bytes) throws(CommandStop) in try stage.output.emit(raw: bytes) }
        }
        let items: [JSON]
        do {
            guard case .object(let object) = try JSONReader.parseSingle(document.array) else { return }
            items = try PayloadItems.items(in: object, what: "feed")
        } catch {
            throw ToolError(.retrieval, "cannot read the cached feed: \(error)")
        }
        try stage.output.show(FeedDocument(items: items))
    }
}
