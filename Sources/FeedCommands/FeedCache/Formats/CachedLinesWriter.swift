import FeedCore
import FeedFastPath

/// `--format jsonl` and `--format tsv`: the feed's items one a line. Read
/// where the cached document stands, item by item (`CachedFeedLines`); a
/// document the fast reading declines is read the reference way, which says
/// what is wrong with it, if anything is.
struct CachedLinesWriter {
    let output: RecordOutput
    let format: OutputFormat

    func write(_ document: CachedBytes) throws {
        let reading = try document.withUnsafeBytes { (bytes) throws(CommandStop) -> CachedReading in
            try CachedFeedLines.write(bytes, as: format) { (lines) throws(CommandStop) in try output.emit(raw: lines) }
        }
        switch reading {
        case .written: return
        case .passesDisagree: throw CommandStop.failure(CachedPasses.disagreement)
        case .declined: try output.emit(bytes: format.feedLines(try document.feedItems()))
        }
    }
}
