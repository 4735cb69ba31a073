/// feed-cache's help: the whole command's, and each subcommand's own
/// (`FeedCacheHelp+Subcommands`), their option lines and usage lines made
/// from the rows of the table (`FeedCacheOptions`).
enum FeedCacheHelp {
    /// The help of the subcommand the operands name (`image save`), else of
    /// `image` for an image subcommand it does not know, else the overview.
    static func text(for operands: [String]) -> String {
        guard let first = operands.first else { return overview }
        if first == "image", operands.count > 1, let own = subcommands["image " + operands[1]] { return own }
        return subcommands[first] ?? overview
    }

    /// Where each option's help starts.
    static let column = 27

    /// A subcommand's options, as its row of the table has them.
    static func options(_ words: String...) -> OptionHelp {
        OptionHelp(options: FeedCacheOptions.of(words), column: column)
    }

    /// The command's own options, as a usage line writes them.
    static let command = OptionHelp(options: FeedCacheOptions.command, column: column)
    static let cacheUsage = "\(command.usage(.cacheDir)) \(command.usage(.maxAge))"

    private static let save = options("save")

    static let overview = """
    usage: feed-cache \(cacheUsage) SUBCOMMAND [ARGS]

    Keep the feed, and its images' data, for offline use.

      save \(save.usage(.quiet)) \(save.usage(.append)) \(save.usage(.maxSize))
                         read feed documents (one, or a page each); replace the
                         cached feed with their items (\(OptionKey.append): after its own),
                         timestamped now; write it back out (-q: nothing)
      load               write the cached feed, if younger than the max age
      validate           delete the cached feed if unreadable or expired
      status             say how the cache and its refresh are doing
      image save         read response records; store each body under its url
      image load URL     write the cached image data for URL
      image missing      write the cached items whose image data is not cached

    \(OptionHelp(options: FeedCacheOptions.overview, column: column).lines)
    """
}
