import FeedCore

/// feed-cache's subcommands over one cache: which one, and what it may take.
struct FeedCacheSubcommands {
    let stage: Stage
    let arguments: ParsedArguments
    /// How `save` and `load` write the feed.
    let format: OutputFormat
    /// Names the cache in messages.
    let directory: String
    let feedLoader: LocalFeedLoader
    let imageLoader: LocalFeedImageDataLoader
    /// Where `save` records the refresh's history, and `status` reads it.
    let history: RefreshHistoryStore?
    /// What `status` asks of the image files.
    let imageUsage: StoredImagesUsage?

    init(stage: Stage, arguments: ParsedArguments, format: OutputFormat, directory: String,
         store: FeedStore & FeedImageDataStore, policy: FeedCachePolicy) {
        self.stage = stage
        self.arguments = arguments
        self.format = format
        self.directory = directory
        feedLoader = LocalFeedLoader(store: store, currentDate: stage.io.now, policy: policy)
        imageLoader = LocalFeedImageDataLoader(store: store)
        history = store as? RefreshHistoryStore
        imageUsage = store as? StoredImagesUsage
    }

    func run() throws {
        let operands = arguments.operands
        switch operands.first {
        case "save"?:
            try allow(["save"], operands: 1)
            // `-q` writes nothing on stdout, an error record included.
            if arguments.has(.quiet) { stage.output.carriesRecords = false }
            try save()
        case "load"?:
            try allow(["load"], operands: 1)
            try load()
        case "validate"?:
            try allow(["validate"], operands: 1)
            try validate()
        case "status"?:
            try allow(["status"], operands: 1)
            try status()
        case "image"?:
            switch operands.dropFirst().first {
            case "missing"?:
                try allow(["image", "missing"], operands: 2)
                try imageMissing()
            case "save"?:
                try allow(["image", "save"], operands: 2)
                try imageSave()
            case "load"?:
                guard operands.count >= 3 else { throw stage.usage("image load needs a URL") }
                try allow(["image", "load"], operands: 3)
                try imageLoad(operands[2])
            case let other?:
                try allow(["image"], operands: nil)
                throw stage.usage("unknown image subcommand '\(other)' (save, load or missing)")
            case nil:
                try allow(["image"], operands: nil)
                throw stage.usage("image needs a subcommand: save, load or missing")
            }
        case let other?:
            throw stage.usage("unknown subcommand '\(other)' (save, load, validate, status, image)")
        case nil:
            throw stage.usage("missing subcommand (save, load, validate, status, image)")
        }
    }

    /// The subcommand's own options only (`FeedCacheOptions`), and how many operands there may be.
    private func allow(_ words: [String], operands count: Int?) throws(CommandStop) {
        let subcommand = words.joined(separator: " ")
        let own = FeedCacheOptions.of(words)
        for option in arguments.given where !own.contains(where: { $0.key == option }) {
            throw stage.usage("\(subcommand) takes no \(option.names.first ?? option.canonical)")
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
