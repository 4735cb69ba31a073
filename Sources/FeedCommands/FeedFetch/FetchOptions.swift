import FeedCore

/// feed-fetch's options, checked: `-j`, `--timeout`, `--max-size`.
struct FetchOptions {
    var settings = FetchSettings()

    init(_ arguments: ParsedArguments, _ stage: Stage) throws(CommandStop) {
        if let value = arguments.value("--jobs") {
            guard let count = Int(value), (1...256).contains(count) else { throw stage.usage("-j needs a whole number from 1 to 256, got '\(value)'") }
            settings.concurrency = count
        }
        if let value = arguments.value("--timeout") {
            guard let seconds = Quantities.seconds(value) else { throw stage.usage("--timeout needs a positive number of seconds, got '\(value)'") }
            settings.limits.timeout = seconds
        }
        if let value = arguments.value("--max-size") {
            guard let bytes = Quantities.byteCount(value) else { throw stage.usage("--max-size needs a byte count such as 1048576 or 64M, got '\(value)'") }
            settings.limits.maxSize = bytes
        }
    }
}
