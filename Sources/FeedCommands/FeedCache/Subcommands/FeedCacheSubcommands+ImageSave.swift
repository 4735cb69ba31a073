import FeedCore

extension FeedCacheSubcommands {
    /// Stores the body of every good response as the records come, in
    /// batches (see `ImageSaveBatch`); each bad record, and each image that
    /// could not be stored, is reported on its own, in its place, and the
    /// others go on. No input at all stores nothing.
    func imageSave() throws {
        // A prefetch with nothing missing sends nothing: that is no error.
        var records = try stage.input.records(expecting: "response records", emptyIsNothingToDo: true, now: stage.io.now)
        var batch = ImageSaveBatch()
        do {
            while let event = try records.next(patience: batch.isEmpty ? nil : ImageSaveBatch.patience) {
                if case .record(let record) = event { batch.append(ImageSaveEntry(record), at: stage.io.now()) }
                if case .stalled = event { try store(&batch) }
                if batch.isFull(at: stage.io.now()) { try store(&batch) }
            }
        } catch let failure as ToolError {
            try store(&batch) // what came before a read failure is kept
            throw failure
        }
        try store(&batch)
    }

    /// The batch's images under one lock and one flush, then every failure, in order.
    private func store(_ batch: inout ImageSaveBatch) throws {
        let entries = batch.close()
        let images = entries.compactMap { entry -> (data: [UInt8], url: String)? in
            guard case .image(let data, let url) = entry else { return nil }
            return (data, url)
        }
        var failures = (images.isEmpty ? [] : imageLoader.save(eachOf: images)).makeIterator()
        for entry in entries {
            switch entry {
            case .image(_, let url):
                if let failure = failures.next() ?? nil { try stage.diagnostics.fail(inCache(failure), url: url) }
            case .failure(let error, let url):
                try stage.diagnostics.fail(error, url: url)
            case .passOn(let record):
                try stage.diagnostics.passOn(record)
            }
        }
    }
}
