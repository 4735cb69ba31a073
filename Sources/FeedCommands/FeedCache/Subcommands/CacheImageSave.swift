import FeedCore

/// `feed-cache image save`.
struct CacheImageSave: CacheSubcommand {
    let cache: OpenCache

    /// Stores the body of every good response as the records come (each
    /// written as it arrives, committed in batches: see `ImageSaveBatch`); each bad record, and each image that
    /// could not be stored, is reported on its own, in its place, and the
    /// others go on. No input at all stores nothing.
    func run() throws {
        // A prefetch with nothing missing sends nothing: that is no error.
        var records = try stage.input.records(expecting: "response records", emptyIsNothingToDo: true, now: stage.io.now)
        var batch = ImageSaveBatch(loader: imageLoader)
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

    /// The batch's images under one lock and one flush, then every outcome, in order.
    private func store(_ batch: inout ImageSaveBatch) throws {
        for outcome in batch.commit() {
            switch outcome {
            case .stored:
                continue
            case .notStored(let failure, let url):
                try stage.diagnostics.fail(inCache(failure), url: url)
            case .failure(let error, let url):
                try stage.diagnostics.fail(error, url: url)
            case .passOn(let record):
                try stage.diagnostics.passOn(record)
            }
        }
    }
}
