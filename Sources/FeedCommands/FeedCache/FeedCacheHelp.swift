/// feed-cache's help: the whole command's, and each subcommand's own
/// (`subcommands`, below), their option lines and usage lines made
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

extension FeedCacheHelp {
    private static let load = options("load")
    private static let status = options("status")
    private static let imageLoad = options("image", "load")
    private static let imageMissing = options("image", "missing")
    private static let imageUsage = command.usage(.cacheDir)

    static let subcommands = [
        "save": """
        usage: feed-cache \(cacheUsage) save \(save.usage(.quiet)) \(save.usage(.append)) \(save.usage(.pretty)) \(save.usage(.format))
               \(save.usage(.maxSize)) \(save.usage(.output))

        Read feed documents on standard input (one, or a page each, as feed-fetch's
        pagination and feed-map write them), check all of them, then replace the
        cached feed with one feed of their items, in order, timestamped now, and
        write it back out. An id seen before (compared as a UUID, in any case) is
        dropped: the first item with it stays. An invalid document, or an error
        record (passed on, with its code), anywhere leaves the cache as it was.
        One document mapped from a 200 keeps its validators (ETag, Last-Modified)
        with the feed, so that feed-fetch can ask whether it changed. A 304 record alone
        renews the cached feed saved from its URL (timestamped now, expired or not)
        and writes it out; with no such feed cached, exit 66 and nothing changes.

        \(save.lines)
        """,
        "load": """
        usage: feed-cache \(cacheUsage) load \(load.usage(.pretty)) \(load.usage(.format))
               \(load.usage(.output))

        Write the cached feed if it is younger than the max age; else exit 66.
        Never changes the cache.

        \(load.lines)
        """,
        "validate": """
        usage: feed-cache \(cacheUsage) validate

        Delete the cached feed, and its image data, if it cannot be read or is as old
        as the max age or older. Keep a valid or empty cache, without writing to it.
        Prints nothing.

        \(options("validate").lines)
        """,
        "status": """
        usage: feed-cache \(cacheUsage) status \(status.usage(.format))

        Report on the cache without changing it: the cached feed (items, when it was
        saved, when it expires, where it came from), its images (stored, missing, bytes)
        and the refresh (last try, last success, failures since, the last failure, and
        until when no request is needed or allowed). The first line of the text says
        whether all is well, and if not, since when. Exit 0 whenever the report is made.

        \(status.lines)
        """,
        "image": """
        usage: feed-cache \(imageUsage) image SUBCOMMAND [ARGS]

        The cached image data.

          save               store the body of each response record on standard
                             input under its url
          load URL           write the image data cached for URL
          missing            write the cached feed's items whose image data is
                             not cached

        Each has its own \(OptionKey.help) and options: feed-cache image missing \(OptionKey.help).

        \(options("image").lines)
        """,
        "image save": """
        usage: feed-cache \(imageUsage) image save

        Read response records (from feed-fetch) and store each body (status 200,
        not empty) under its url; no input at all stores nothing.

        \(options("image", "save").lines)
        """,
        "image load": """
        usage: feed-cache \(imageUsage) image load \(imageLoad.usage(.output)) URL

        Write the cached image data for URL, raw; exit 66 if there is none.

        \(imageLoad.lines)
        """,
        "image missing": """
        usage: feed-cache \(cacheUsage) image missing \(imageMissing.usage(.pretty)) \(imageMissing.usage(.output))

        Write a feed document of the cached feed's items whose image data is not
        cached, for feed-fetch to fetch (as load when there is no valid cached
        feed).

        \(imageMissing.lines)
        """,
    ]
}
