/// feed-cache's help: the whole command's, and each subcommand's own
/// (`FeedCacheHelp+Subcommands`).
enum FeedCacheHelp {
    /// The help of the subcommand the operands name (`image save`), else of
    /// `image` for an image subcommand it does not know, else the overview.
    static func text(for operands: [String]) -> String {
        guard let first = operands.first else { return overview }
        if first == "image", operands.count > 1, let own = subcommands["image " + operands[1]] { return own }
        return subcommands[first] ?? overview
    }

    static let overview = """
    usage: feed-cache [--cache-dir DIR] [--max-age DURATION] SUBCOMMAND [ARGS]

    Keep the feed, and its images' data, for offline use.

      save [-q] [--append] [--max-size BYTES]
                         read feed documents (one, or a page each); replace the
                         cached feed with their items (--append: after its own),
                         timestamped now; write it back out (-q: nothing)
      load               write the cached feed, if younger than the max age
      validate           delete the cached feed if unreadable or expired
      status             say how the cache and its refresh are doing
      image save         read response records; store each body under its url
      image load URL     write the cached image data for URL
      image missing      write the cached items whose image data is not cached

          --cache-dir DIR      the cache (default: $FEED_CACHE_DIR, else
                               $XDG_CACHE_HOME/essential-feed, else ~/.cache/essential-feed)
          --max-age DURATION   how old a feed may be, 0s to 36500d: 90s, 15m,
                               36h, 7d, 1d12h (default: $FEED_CACHE_MAX_AGE,
                               else 7d)
      -q, --quiet              save: write nothing on stdout
          --append             save: load more, after the cached feed's items
          --max-size BYTES     save: most input read, e.g. 64M, 2G (default 1G)
          --pretty             save, load, image missing: indent the feed for people
          --format FORMAT      save, load: json (default); text: a readable list;
                               jsonl: each item as one JSON object a line; tsv:
                               each item as one line of tab-separated fields;
                               ids: each item's id, one a line; html: one page
                               with the cached images, for a browser, offline;
                               status: text (default) or json
      -o, --output FILE        save, load, image load, image missing: write to
                               FILE, whole (a new file beside it, renamed over
                               FILE on success); on failure FILE stays as it was
      -h, --help               show this help and exit
          --version            show the version and exit
    """

    static let cacheDirOption = """
          --cache-dir DIR      the cache (default: $FEED_CACHE_DIR, else
                               $XDG_CACHE_HOME/essential-feed, else ~/.cache/essential-feed)
    """

    static let maxAgeOption = """
          --max-age DURATION   how old a feed may be, 0s to 36500d: 90s, 15m,
                               36h, 7d, 1d12h (default: $FEED_CACHE_MAX_AGE,
                               else 7d)
    """

    static let outputOption = """
      -o, --output FILE        write to FILE instead of standard output, whole: a
                               new file beside it, renamed over FILE on success;
                               on any failure FILE is left exactly as it was
    """

    static let helpOption = """
      -h, --help               show this help and exit
    """

    /// The options of every subcommand that reads the cached feed.
    static let commonOptions = [cacheDirOption, maxAgeOption, helpOption].joined(separator: "\n")

    /// The options of the image subcommands that read no feed.
    static let imageOptions = [cacheDirOption, helpOption].joined(separator: "\n")

    static let formatOption = """
          --format FORMAT      json (default); text: a readable list; jsonl: each
                               item as one JSON object a line; tsv: each item as
                               one line of tab-separated fields; ids: each item's
                               id as saved, one a line; html: one page of the
                               feed, its cached images in it, for a browser,
                               offline (feed-cache load --format html -o feed.html)
    """
}
