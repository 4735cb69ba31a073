import FeedCore

extension FeedCacheSubcommands {
    /// Stores the body of every good response; each bad record is reported
    /// on its own and the others go on.
    func imageSave() throws {
        var records = RecordReader(try stage.input.read(expecting: "response records"))
        var batch: [(data: [UInt8], url: String)] = []
        while let next = records.next() {
            switch next {
            case .success(.response(let response)):
                guard Identifiers.isAbsoluteURL(response.url) else {
                    try stage.diagnostics.fail(ToolError(.invalidData, "not an absolute URL"), url: response.url)
                    continue
                }
                do {
                    batch.append((try FeedImageDataMapper.map(status: response.status, body: response.body), response.url))
                } catch {
                    try stage.diagnostics.fail(error, url: response.url)
                }
            case .success(.error(let record)):
                try stage.diagnostics.passOn(record)
            case .success(.document):
                try stage.diagnostics.fail(ToolError(.invalidData, "expected response records, got a feed document (pipe it through feed-fetch)"))
            case .failure(let error):
                try stage.diagnostics.fail(error)
            }
        }
        // All the good ones under one lock and one flush to disk.
        do {
            try imageLoader.save(batch)
        } catch {
            try stage.diagnostics.fail(inCache(error))
        }
    }

    func imageLoad(_ url: String) throws {
        guard Identifiers.isAbsoluteURL(url) else { throw CommandStop.failure(ToolError(.usage, "malformed URL"), url: url) }
        let data: [UInt8]
        do {
            data = try imageLoader.loadImageData(from: url)
        } catch {
            throw CommandStop.failure(error, url: url)
        }
        try stage.output.emit(bytes: data)
    }
}
