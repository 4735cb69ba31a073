import FeedCore

/// feed-cache's subcommands over one cache: which one, and what it may take.
struct FeedCacheSubcommands: CacheSubcommand {
    let cache: OpenCache

    init(stage: Stage, arguments: ParsedArguments, format: OutputFormat, directory: String,
         store: FeedStore & FeedImageDataStore, policy: FeedCachePolicy) {
        cache = OpenCache(stage: stage, arguments: arguments, format: format, directory: directory, store: store, policy: policy)
    }

    func run() throws {
        let operands = arguments.operands
        switch operands.first {
        case "save"?:
            try allow(["save"], operands: 1)
            // `-q` writes nothing on stdout, an error record included.
            if arguments.has(.quiet) { stage.output.carriesRecords = false }
            try CacheSave(cache: cache).run()
        case "load"?:
            try allow(["load"], operands: 1)
            try CacheLoad(cache: cache).run()
        case "validate"?:
            try allow(["validate"], operands: 1)
            try CacheValidate(cache: cache).run()
        case "status"?:
            try allow(["status"], operands: 1)
            try CacheStatus(cache: cache).run()
        case "image"?:
            switch operands.dropFirst().first {
            case "missing"?:
                try allow(["image", "missing"], operands: 2)
                try CacheImageMissing(cache: cache).run()
            case "save"?:
                try allow(["image", "save"], operands: 2)
                try CacheImageSave(cache: cache).run()
            case "load"?:
                guard operands.count >= 3 else { throw stage.usage("image load needs a URL") }
                try allow(["image", "load"], operands: 3)
                try CacheImageLoad(cache: cache).run(operands[2])
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

}
