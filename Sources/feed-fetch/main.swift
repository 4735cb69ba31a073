// feed-fetch: "System downloads data from the URL." One response record per URL.
import FeedKit
import FeedKitNetworking

let help = """
usage: feed-fetch [-j N] [--timeout SECONDS] [--max-size BYTES] [--pretty] [URL ...]

GET each URL and write one response record per URL, in the order given.
With no URL, read URLs (one a line) or a feed document (its items' urls)
from standard input.

  -j, --jobs N          fetch N URLs at once (default 1); output keeps input order
      --timeout SECONDS give up on a transfer after SECONDS (default 60)
      --max-size BYTES  largest body accepted, e.g. 512K, 64M (default 64M)
      --pretty          indent the records for people
  -h, --help            show this help and exit
      --version         show the version and exit
"""

CancelCourse.install()
let stage = Stage(tool: "feed-fetch")
let arguments = stage.parse(ArgumentParser(tool: "feed-fetch", options: [
    OptionSpec("-j", "--jobs", value: "N"),
    OptionSpec("--timeout", value: "SECONDS"),
    OptionSpec("--max-size", value: "BYTES"),
    OptionSpec("--pretty"),
    OptionSpec("-h", "--help"),
    OptionSpec("--version"),
]), Array(CommandLine.arguments.dropFirst()), help: help)

var limits = FetchLimits()
var jobs = 1
if let value = arguments.value("--jobs") {
    guard let count = Int(value), (1...256).contains(count) else { stage.usage("-j needs a whole number from 1 to 256, got '\(value)'") }
    jobs = count
}
if let value = arguments.value("--timeout") {
    guard let seconds = Quantities.seconds(value) else { stage.usage("--timeout needs a positive number of seconds, got '\(value)'") }
    limits.timeout = seconds
}
if let value = arguments.value("--max-size") {
    guard let bytes = Quantities.byteCount(value) else { stage.usage("--max-size needs a byte count such as 1048576 or 64M, got '\(value)'") }
    limits.maxSize = bytes
}
stage.writer = JSONWriter(style: arguments.has("--pretty") ? .pretty : .compact)

let targets: [FetchTarget]
if arguments.operands.isEmpty {
    do {
        targets = try FetchTarget.targets(fromInput: stage.readInput(expecting: "URLs or a feed document"))
    } catch {
        stage.fatal(error)
    }
} else {
    targets = FetchTarget.targets(fromArguments: arguments.operands)
}

let fetcher = BatchFetcher(client: URLSessionHTTPClient(limits: limits, concurrency: jobs), concurrency: jobs)
let progress = ProgressLine(tool: "feed-fetch", total: targets.count)
stage.progress = progress
var done = 0, bytes = 0
fetcher.run(targets) { outcome in
    switch outcome {
    case .response(let record):
        stage.emit(record.json)
        bytes += record.body.count
    case .failed(let record): stage.fail(record.error, url: record.url)
    case .passedOn(let record): stage.passOn(record)
    }
    done += 1
    progress?.update(done: done, bytes: bytes)
}
progress?.clear()
stage.finish()
