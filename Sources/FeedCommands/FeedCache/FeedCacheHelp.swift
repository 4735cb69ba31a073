/// feed-cache's help: the whole command's, and each subcommand's own.
enum FeedCacheHelp {
    static func text(for subcommand: String?) -> String {
        subcommand.flatMap { subcommands[$0] } ?? overview
    }

    static let overview = """
    usage: feed-cache [--cache-dir DIR] [--max-age DURATION] SUBCOMMAND [ARGS]

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

    private static let commonOptions = """
          --cache-dir DIR      the cache (default: $FEED_CACHE_DIR, else
                               $XDG_CACHE_HOME/essential-feed, else ~/.cache/essential-feed)
          --max-age DURATION   how old a feed may be: 90s, 15m, 36h, 7d, 1d12h
                               (default: $FEED_CACHE_MAX_AGE, else 7d)
      -h, --help               show this help and exit
    """

    private static let subcommands = [
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
}
