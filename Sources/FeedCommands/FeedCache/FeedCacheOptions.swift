/// feed-cache's options: those of the command itself (before a subcommand),
/// and each subcommand's own. Any of them may be given before or after the
/// subcommand; a subcommand refuses one that is not its own.
enum FeedCacheOptions {
    static let cacheDir = OptionSpec("--cache-dir", value: "DIR")
    /// For what reads the cached feed's age: image data has none.
    static let maxAge = OptionSpec("--max-age", value: "DURATION", range: CacheConfiguration.maxAgeRange)
    static let quiet = OptionSpec("-q", "--quiet")
    static let append = OptionSpec("--append")
    static let pretty = OptionSpec("--pretty")
    static let format = OptionSpec("--format", value: "FORMAT", choices: FeedCacheFormat.allCases.map(\.rawValue))
    static let maxSize = OptionSpec("--max-size", value: "BYTES")
    /// `status` reports for people or as one JSON object.
    static let statusFormat = OptionSpec("--format", value: "FORMAT", choices: CacheStatusReport.formats)
    /// Where what a subcommand prints goes instead of stdout (`OutputFile`).
    static let output = OptionSpec("-o", "--output", value: "FILE")
    static let help = OptionSpec("-h", "--help")
    static let version = OptionSpec("--version")

    /// Before the subcommand: the cache and its age, the help and the version.
    static let command = [cacheDir, maxAge, help, version]

    static let subcommands: [(words: [String], options: [OptionSpec])] = [
        (["save"], [cacheDir, maxAge, quiet, append, pretty, format, maxSize, output, help]),
        (["load"], [cacheDir, maxAge, pretty, format, output, help]),
        (["validate"], [cacheDir, maxAge, help]),
        (["status"], [cacheDir, maxAge, statusFormat, help]),
        (["image"], [cacheDir, help]),
        (["image", "save"], [cacheDir, help]),
        (["image", "load"], [cacheDir, output, help]),
        (["image", "missing"], [cacheDir, maxAge, pretty, output, help]),
    ]

    /// What the parser reads, wherever it is given.
    static let all = [cacheDir, maxAge, quiet, append, pretty, format, maxSize, output, help, version]

    /// A subcommand's own options (`["image", "save"]`).
    static func of(_ words: [String]) -> [OptionSpec] {
        subcommands.first { $0.words == words }?.options ?? []
    }
}
