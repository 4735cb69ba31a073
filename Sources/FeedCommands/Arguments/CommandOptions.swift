/// One row of the table of options: a command, or one of its subcommands,
/// and every option it accepts. Each command's parser reads its rows; its
/// --help, its man page's SYNOPSIS and OPTIONS, and the bash, zsh and fish
/// completions offer these options, and these values of them, and no other
/// (OptionTableTests holds them to the table).
public struct CommandOptions: Sendable {
    /// `["feed-cache", "image", "save"]`: the command, then the subcommand's words.
    public let words: [String]
    public let options: [OptionSpec]

    /// Every row: each command, and each subcommand of feed-cache.
    public static let table: [CommandOptions] = [
        CommandOptions(words: ["feed-fetch"], options: FeedFetchCommand.options),
        CommandOptions(words: ["feed-map"], options: FeedMapCommand.options),
        CommandOptions(words: ["feed-comments"], options: FeedCommentsCommand.options),
        CommandOptions(words: ["feed-cache"], options: FeedCacheOptions.command),
    ] + FeedCacheOptions.subcommands.map { CommandOptions(words: ["feed-cache"] + $0.words, options: $0.options) }
}
