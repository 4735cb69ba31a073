// feed-cache: the local feed loader, image data loader, cache policy and store.
#if canImport(Glibc)
import Glibc
#endif
import FeedKit

let usageLine = "usage: feed-cache [--cache-dir DIR] [--max-age DURATION] SUBCOMMAND [ARGS]"
let help = """
\(usageLine)

Keep the feed, and its images' data, for offline use.

  save [-q]          read one feed document; replace the cached feed with it,
                     timestamped now; write it back out (-q: nothing)
  load               write the cached feed, if younger than the max age
  validate           delete the cached feed if unreadable or expired
  image save         read response records; store each body under its url
  image load URL     write the cached image data for URL

      --cache-dir DIR      the cache (default: $FEED_CACHE_DIR, else
                           $XDG_CACHE_HOME/essential-feed, else ~/.cache/essential-feed)
      --max-age DURATION   how old a feed may be: 90s, 15m, 36h, 7d, 1d12h
                           (default: $FEED_CACHE_MAX_AGE, else 7d)
  -q, --quiet              save: write nothing on success
      --pretty             save, load: indent the feed for people
      --format FORMAT      save, load: json (default), or text: a readable list
  -h, --help               show this help and exit
      --version            show the version and exit
"""

let commonOptions = """
      --cache-dir DIR      the cache (default: $FEED_CACHE_DIR, else
                           $XDG_CACHE_HOME/essential-feed, else ~/.cache/essential-feed)
      --max-age DURATION   how old a feed may be: 90s, 15m, 36h, 7d, 1d12h
                           (default: $FEED_CACHE_MAX_AGE, else 7d)
  -h, --help               show this help and exit
"""
let subcommandHelp = [
    "save": """
    usage: feed-cache [--cache-dir DIR] [--max-age DURATION] save [-q] [--pretty] [--format json|text]

    Read one feed document on standard input, check all of it, then replace the
    cached feed with it, timestamped now, and write it back out. Bad input leaves
    the cache as it was.

      -q, --quiet              write nothing on success
          --pretty             indent the feed for people
          --format FORMAT      json (default), or text: a readable list
    \(commonOptions)
    """,
    "load": """
    usage: feed-cache [--cache-dir DIR] [--max-age DURATION] load [--pretty] [--format json|text]

    Write the cached feed if it is younger than the max age; else exit 66.
    Never changes the cache.

          --pretty             indent the feed for people
          --format FORMAT      json (default), or text: a readable list
    \(commonOptions)
    """,
    "validate": """
    usage: feed-cache [--cache-dir DIR] [--max-age DURATION] validate

    Delete the cached feed, and its image data, if it cannot be read or is as old
    as the max age or older. Keep a valid or empty cache. Prints nothing.

    \(commonOptions)
    """,
    "image": """
    usage: feed-cache [--cache-dir DIR] image save
           feed-cache [--cache-dir DIR] image load URL

    image save: read response records (from feed-fetch) and store each body
    (status 200, not empty) under its url. image load: write the cached image
    data for URL, raw; exit 66 if there is none.

    \(commonOptions)
    """,
]

CancelCourse.install()
signal(SIGXFSZ, SIG_IGN) // a file-size limit is a saving error, not a crash
let stage = Stage(tool: "feed-cache")
let arguments = stage.parse(ArgumentParser(tool: "feed-cache", options: [
    OptionSpec("--cache-dir", value: "DIR"),
    OptionSpec("--max-age", value: "DURATION"),
    OptionSpec("-q", "--quiet"),
    OptionSpec("--pretty"),
    OptionSpec("--format", value: "FORMAT"),
    OptionSpec("-h", "--help"),
    OptionSpec("--version"),
]), Array(CommandLine.arguments.dropFirst())) { parsed in
    subcommandHelp[parsed.operands.first ?? ""] ?? help
}

let configuration: CacheConfiguration
do {
    configuration = try CacheConfiguration.resolve(cacheDir: arguments.value("--cache-dir"), maxAge: arguments.value("--max-age"))
} catch {
    stage.fatal(ToolError(.usage, "\(error.message) (see 'feed-cache --help')"))
}
let format = OutputFormat.parse(arguments, stage: stage)
let store = FileSystemFeedStore(path: configuration.directory)
let feedLoader = LocalFeedLoader(store: store, currentDate: SystemClock.now, policy: configuration.policy)
let imageLoader = LocalFeedImageDataLoader(store: store)

/// A cache failure, named by the cache directory it concerns.
func inCache(_ error: ToolError) -> ToolError {
    ToolError(error.kind, "\(configuration.directory): \(error.message)")
}

/// Options that only some subcommands take.
func allow(_ options: [String], for subcommand: String) {
    for option in ["--quiet", "--pretty", "--format"] where arguments.has(option) && !options.contains(option) {
        stage.usage("\(subcommand) takes no \(option == "--quiet" ? "-q" : option)")
    }
}

func expectNoMoreOperands(_ count: Int, _ subcommand: String) {
    if arguments.operands.count > count { stage.usage("\(subcommand): unexpected argument '\(arguments.operands[count])'") }
}

/// Writes the feed a command shows: the exact stored bytes, or reformatted.
func show(_ document: [UInt8]) {
    if format == .json && stage.writer.style == .compact {
        stage.emit(bytes: document)
        return
    }
    do {
        guard case .object(let object) = try JSONReader.parseSingle(document) else { return }
        format.emit(FeedDocument(items: try PayloadItems.items(in: object, what: "feed")), stage)
    } catch {
        stage.fatal(ToolError(.retrieval, "cannot read the cached feed: \(error)"))
    }
}

func save() {
    var records = RecordReader(stage.readInput(expecting: "a feed document"))
    let feed: LocalFeed
    switch records.next() {
    case .success(.document(let object))?:
        do { feed = try LocalFeed(validating: object) } catch { stage.fatal(error) }
    case .success(.error(let record))?:
        stage.passOn(record)
        stage.finish()
    case .success(.response(let response))?:
        stage.fatal(ToolError(.invalidData, "expected a feed document, got a response record (pipe it through feed-map)"), url: response.url)
    case .failure(let error)?:
        stage.fatal(error)
    case nil:
        stage.fatal(ToolError(.notFound, "no input: expected a feed document on standard input"))
    }
    if records.next() != nil {
        stage.fatal(ToolError(.invalidData, "expected one feed document, got more"))
    }
    do {
        let stored = try feedLoader.save(feed)
        if !arguments.has("--quiet") { show(stored) }
    } catch {
        stage.fatal(inCache(error))
    }
}

func load() {
    do {
        if format == .json && stage.writer.style == .compact {
            try feedLoader.load(stage.emit(raw:)) // the stored bytes, as they are
        } else {
            show(try feedLoader.load().document)
        }
    } catch {
        stage.fatal(inCache(error))
    }
}

func validate() {
    do {
        try feedLoader.validateCache()
    } catch {
        stage.fatal(inCache(error))
    }
}

func imageSave() {
    var records = RecordReader(stage.readInput(expecting: "response records"))
    var batch: [(data: [UInt8], url: String)] = []
    while let next = records.next() {
        switch next {
        case .success(.response(let response)):
            guard Identifiers.isAbsoluteURL(response.url) else {
                stage.fail(ToolError(.invalidData, "not an absolute URL"), url: response.url)
                continue
            }
            do {
                batch.append((try FeedImageDataMapper.map(status: response.status, body: response.body), response.url))
            } catch {
                stage.fail(error, url: response.url)
            }
        case .success(.error(let record)):
            stage.passOn(record)
        case .success(.document):
            stage.fail(ToolError(.invalidData, "expected response records, got a feed document (pipe it through feed-fetch)"))
        case .failure(let error):
            stage.fail(error)
        }
    }
    // All the good ones under one lock and one flush to disk.
    do {
        try imageLoader.save(batch)
    } catch {
        stage.fail(inCache(error))
    }
}

func imageLoad(_ url: String) {
    guard Identifiers.isAbsoluteURL(url) else { stage.fatal(ToolError(.usage, "malformed URL"), url: url) }
    do {
        stage.emit(bytes: try imageLoader.loadImageData(from: url))
    } catch {
        stage.fatal(error, url: url)
    }
}

switch arguments.operands.first {
case "save"?:
    allow(["--quiet", "--pretty", "--format"], for: "save")
    expectNoMoreOperands(1, "save")
    save()
case "load"?:
    allow(["--pretty", "--format"], for: "load")
    expectNoMoreOperands(1, "load")
    load()
case "validate"?:
    allow([], for: "validate")
    expectNoMoreOperands(1, "validate")
    validate()
case "image"?:
    allow([], for: "image")
    switch arguments.operands.dropFirst().first {
    case "save"?:
        expectNoMoreOperands(2, "image save")
        imageSave()
    case "load"?:
        guard arguments.operands.count >= 3 else { stage.usage("image load needs a URL") }
        expectNoMoreOperands(3, "image load")
        imageLoad(arguments.operands[2])
    case let other?:
        stage.usage("unknown image subcommand '\(other)' (save or load)")
    case nil:
        stage.usage("image needs a subcommand: save or load")
    }
case let other?:
    stage.usage("unknown subcommand '\(other)' (save, load, validate, image)")
case nil:
    stage.usage("missing subcommand (save, load, validate, image)")
}
stage.finish()
