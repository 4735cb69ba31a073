import FeedCore

/// feed-cache's options: those of the command itself (before a subcommand),
/// and each subcommand's own, each with its help line. Any of them may be
/// given before or after the subcommand; a subcommand refuses one that is
/// not its own.
enum FeedCacheOptions {
    static let cacheDir = OptionSpec(.cacheDir, help: """
        the cache (default: $FEED_CACHE_DIR, else
        $XDG_CACHE_HOME/essential-feed, else ~/.cache/essential-feed)
        """)
    /// For what reads the cached feed's age: image data has none.
    static let maxAge = OptionSpec(.maxAge, range: CacheConfiguration.maxAgeRange, help: """
        how old a feed may be, 0s to 36500d: 90s, 15m,
        36h, 7d, 1d12h (default: $FEED_CACHE_MAX_AGE,
        else 7d)
        """)
    static let quiet = OptionSpec(.quiet, help: "write nothing on stdout")
    static let append = OptionSpec(.append, help: """
        load more: the cached feed's items first, then the
        input's; a cache that is absent, expired or
        unreadable counts as empty
        """)
    static let pretty = OptionSpec(.pretty, help: "indent the feed for people")
    static let format = OptionSpec(.format, formats: OutputFormat.cachedFeed, help: """
        json (default); text: a readable list; jsonl: each
        item as one JSON object a line; tsv: each item as
        one line of tab-separated fields; ids: each item's
        id as saved, one a line; html: one page of the
        feed, its cached images in it, for a browser,
        offline (feed-cache load \(OptionKey.format) html -o feed.html)
        """)
    static let maxSize = OptionSpec(.maxSize, help: """
        most input read, e.g. 64M, 2G (default 1G); more
        is invalid-data and nothing changes
        """)
    /// `status` reports for people or as one JSON object.
    static let statusFormat = OptionSpec(.format, formats: OutputFormat.statusReport, help: """
        text (default): a few lines for people; json: one
        object (cache, feed, images, refresh), times in UTC
        """)
    /// Where what a subcommand prints goes instead of stdout (`OutputFile`).
    static let output = OptionSpec(.output, help: """
        write to FILE instead of standard output, whole: a
        new file beside it, renamed over FILE on success;
        on any failure FILE is left exactly as it was
        """)
    static let help = OptionSpec.help
    static let version = OptionSpec.version

    /// Before the subcommand: the cache and its age, the help and the version.
    static let command = [cacheDir, maxAge, help, version]

    /// Each subcommand's row, its options in its --help's order.
    static let subcommands: [(words: [String], options: [OptionSpec])] = [
        (["save"], [quiet, append, pretty, maxSize, output, format, cacheDir, maxAge, help]),
        (["load"], [pretty, output, format, cacheDir, maxAge, help]),
        (["validate"], [cacheDir, maxAge, help]),
        (["status"], [statusFormat, cacheDir, maxAge, help]),
        (["image"], [cacheDir, help]),
        (["image", "save"], [cacheDir, help]),
        (["image", "load"], [output, cacheDir, help]),
        (["image", "missing"], [pretty, output, cacheDir, maxAge, help]),
    ]

    /// What the parser reads, wherever it is given: every option of every
    /// row, once, as the rows first give it (`FeedCacheOptionsTests` holds
    /// it to them). A list of its own, so that `--version` and `--help` are
    /// read without building every subcommand's row.
    static let all = [cacheDir, maxAge, help, version, quiet, append, pretty, maxSize, output, format]

    /// A subcommand's own options (`["image", "save"]`).
    static func of(_ words: [String]) -> [OptionSpec] {
        subcommands.first { $0.words == words }?.options ?? []
    }

    /// The overview's (`feed-cache --help`): every option of every row, each
    /// said with the subcommands that take it.
    static let overview = [
        cacheDir, maxAge,
        OptionSpec(.quiet, help: "save: write nothing on stdout"),
        OptionSpec(.append, help: "save: load more, after the cached feed's items"),
        OptionSpec(.maxSize, help: "save: most input read, e.g. 64M, 2G (default 1G)"),
        OptionSpec(.pretty, help: "save, load, image missing: indent the feed for people"),
        OptionSpec(.format, help: """
            save, load: json (default); text: a readable list;
            jsonl: each item as one JSON object a line; tsv:
            each item as one line of tab-separated fields;
            ids: each item's id, one a line; html: one page
            with the cached images, for a browser, offline;
            status: text (default) or json
            """),
        OptionSpec(.output, help: """
            save, load, image load, image missing: write to
            FILE, whole (a new file beside it, renamed over
            FILE on success); on failure FILE stays as it was
            """),
        help, version,
    ]
}

/// The options feed-cache alone takes.
extension OptionKey {
    public static let maxAge = OptionKey("--max-age", value: "DURATION")
    public static let quiet = OptionKey("-q", "--quiet")
    public static let append = OptionKey("--append")
}
