/// feed-fetch's help, as `--help` prints it: every option of its row of the
/// table (`FeedFetchCommand.options`), as the man page's OPTIONS lists them.
enum FeedFetchHelp {
    private static let options = OptionHelp(options: FeedFetchCommand.options, column: 28)
    private static func u(_ key: OptionKey) -> String { options.usage(key) }

    static let text = """
    usage: feed-fetch \(u(.jobs)) \(u(.header))... \(u(.retry)) \(u(.timeout))
                      \(u(.connectTimeout)) \(u(.maxSize)) \(u(.cacert))
                      \(u(.pretty)) \(u(.verbose)) \(u(.output)) [URL ...]
           feed-fetch \(options.bare(.paginate)) \(u(.maxPages)) [options] URL
           feed-fetch \(options.bare(.ifChanged)) \(u(.cacheDir)) [options] URL

    GET each URL and write one response record per URL, in the order given.
    With no URL, read URLs (one a line), a feed document or item lines (the
    jsonl format of feed-cache load) from standard input: each item's url.

    \(options.lines)

    Proxies come from http_proxy, https_proxy, ALL_PROXY and no_proxy, as curl
    reads them. Compressed responses are asked for and written decoded.
    """
}
