import FeedCore

/// `--format jsonl` and `--format tsv`: the feed's items one a line. Read
/// where the cached document stands by the fast paths (`FastPathChoice`);
/// what they decline is read the reference way, which says what is wrong
/// with it, if anything is.
struct CachedLinesWriter {
    let output: RecordOutput
    let format: OutputFormat

    func write(_ document: CachedBytes) throws {
        try document.withUnsafeBytes { (bytes) throws in
            try FastPathChoice.installed.writeLines(of: bytes, as: format, write: output.emit(raw:)) {
                try output.emit(bytes: format.feedLines(try document.feedItems()))
            }
        }
    }
}
