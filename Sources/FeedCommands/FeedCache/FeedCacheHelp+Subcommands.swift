extension FeedCacheHelp {
    static let subcommands = [
        "save": """
        usage: feed-cache [--cache-dir DIR] [--max-age DURATION] save [-q] [--append] [--pretty] [--format json|text|jsonl|tsv|ids|html]
               [--max-size BYTES] [-o FILE]

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

          -q, --quiet              write nothing on stdout
              --append             load more: the cached feed's items first, then the
                                   input's; a cache that is absent, expired or
                                   unreadable counts as empty
              --pretty             indent the feed for people
              --max-size BYTES     most input read, e.g. 64M, 2G (default 1G); more
                                   is invalid-data and nothing changes
        \(outputOption)
        \(formatOption)
        \(commonOptions)
        """,
        "load": """
        usage: feed-cache [--cache-dir DIR] [--max-age DURATION] load [--pretty] [--format json|text|jsonl|tsv|ids|html]
               [-o FILE]

        Write the cached feed if it is younger than the max age; else exit 66.
        Never changes the cache.

              --pretty             indent the feed for people
        \(outputOption)
        \(formatOption)
        \(commonOptions)
        """,
        "validate": """
        usage: feed-cache [--cache-dir DIR] [--max-age DURATION] validate

        Delete the cached feed, and its image data, if it cannot be read or is as old
        as the max age or older. Keep a valid or empty cache, without writing to it.
        Prints nothing.

        \(commonOptions)
        """,
        "status": """
        usage: feed-cache [--cache-dir DIR] [--max-age DURATION] status [--format text|json]

        Report on the cache without changing it: the cached feed (items, when it was
        saved, when it expires, where it came from), its images (stored, missing, bytes)
        and the refresh (last try, last success, failures since, the last failure, and
        until when no request is needed or allowed). The first line of the text says
        whether all is well, and if not, since when. Exit 0 whenever the report is made.

              --format FORMAT      text (default): a few lines for people; json: one
                                   object (cache, feed, images, refresh), times in UTC
        \(commonOptions)
        """,
        "image": """
        usage: feed-cache [--cache-dir DIR] image SUBCOMMAND [ARGS]

        The cached image data.

          save               store the body of each response record on standard
                             input under its url
          load URL           write the image data cached for URL
          missing            write the cached feed's items whose image data is
                             not cached

        Each has its own --help and options: feed-cache image missing --help.

        \(imageOptions)
        """,
        "image save": """
        usage: feed-cache [--cache-dir DIR] image save

        Read response records (from feed-fetch) and store each body (status 200,
        not empty) under its url; no input at all stores nothing.

        \(imageOptions)
        """,
        "image load": """
        usage: feed-cache [--cache-dir DIR] image load [-o FILE] URL

        Write the cached image data for URL, raw; exit 66 if there is none.

        \(outputOption)
        \(imageOptions)
        """,
        "image missing": """
        usage: feed-cache [--cache-dir DIR] [--max-age DURATION] image missing [--pretty] [-o FILE]

        Write a feed document of the cached feed's items whose image data is not
        cached, for feed-fetch to fetch (as load when there is no valid cached
        feed).

              --pretty             indent the feed for people
        \(outputOption)
        \(commonOptions)
        """,
    ]
}
