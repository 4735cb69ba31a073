import FeedCore

/// feed-cache's subcommands over one cache: which one, and what it may take.
struct FeedCacheSubcommands {
    let stage: Stage
    let arguments: ParsedArguments
    /// How `save` and `load` write the feed.
    let format: FeedCacheFormat
    /// Names the cache in messages.
    let directory: String
    let feedLoader: LocalFeedLoader
    let imageLoader: LocalFeedImageDataLoader

    init(stage: Stage, arguments: ParsedArguments, format: FeedCacheFormat, directory: String,
         store: FeedStore & FeedImageDataStore, policy: FeedCachePolicy) {
        self.stage = stage
        self.arguments = arguments
        self.format = format
        self.directory = directory
        feedLoader = LocalFeedLoader(store: store, currentDate: stage.io.now, policy: policy)
        imageLoader = LocalFeedImageDataLoader(store: store)
    }

    func run() throws {
        let operands = arguments.operands
        switch operands.first {
        case "save"?:
            try allow(["--max-age", "--quiet", "--append", "--pretty", "--format"], for: "save", operands: 1)
            try save()
        case "load"?:
            try allow(["--max-age", "--pretty", "--format"], for: "load", operands: 1)
            try load()
        case "validate"?:
            try allow(["--max-age"], for: "validate", operands: 1)
            try validate()
        case "image"?:
            switch operands.dropFirst().first {
            case "missing"?:
                try allow(["--max-age", "--pretty"], for: "image missing", operands: 2)
                try imageMissing()
            case "save"?:
                try allow([], for: "image save", operands: 2)
                try imageSave()
            case "load"?:
                guard operands.count >= 3 else { throw stage.usage("image load needs a URL") }
                try allow([], for: "image load", operands: 3)
                try imageLoad(operands[2])
            case let other?:
                try allow([], for: "image", operands: nil)
                throw stage.usage("unknown image subcommand '\(other)' (save, load or missing)")
            case nil:
                try allow([], for: "image", operands: nil)
                throw stage.usage("image needs a subcommand: save, load or missing")
            }
        case let other?:
            throw stage.usage("unknown subcommand '\(other)' (save, load, validate, image)")
        case nil:
            throw stage.usage("missing subcommand (save, load, validate, image)")
        }
    }

    /// Options that only some subcommands take, and how many operands there may be.
    /// `--max-age` goes with the subcommands that read the cached feed's age:
    /// image data has none.
    private func allow(_ options: [String], for subcommand: String, operands count: Int?) throws(CommandStop) {
        for option in ["--max-age", "--quiet", "--append", "--pretty", "--format"] where arguments.has(option) && !options.contains(option) {
            throw stage.usage("\(subcommand) takes no \(option == "--quiet" ? "-q" : option)")
        }
        if let count, arguments.operands.count > count {
            throw stage.usage("\(subcommand): unexpected argument '\(arguments.operands[count])'")
        }
    }

    /// A cache failure, named by the cache directory it concerns.
    func inCache(_ error: ToolError) -> ToolError {
        ToolError(error.kind, "\(directory): \(error.message)")
    }
}
