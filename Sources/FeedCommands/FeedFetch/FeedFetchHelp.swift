/// feed-fetch's help, as `--help` prints it: every option the man page's
/// OPTIONS lists, and no other.
enum FeedFetchHelp {
    static let text = """
    usage: feed-fetch [-j N] [-H 'NAME: VALUE']... [--retry N] [--timeout SECONDS]
                      [--connect-timeout SECONDS] [--max-size BYTES] [--cacert FILE]
                      [--pretty] [-v] [-o FILE] [URL ...]
           feed-fetch --paginate [--max-pages N] [options] URL
           feed-fetch --if-changed [--cache-dir DIR] [options] URL

    GET each URL and write one response record per URL, in the order given.
    With no URL, read URLs (one a line), a feed document or item lines (the
    jsonl format of feed-cache load) from standard input: each item's url.

      -j, --jobs N              fetch N URLs at once, 1 to 256 (default 1); output
                                keeps input order; to a server that offers HTTP/2,
                                over one connection
      -H, --header 'NAME: VALUE'
                                send this header on every request (repeatable; a later
                                one replaces an earlier one of the same name); -H @FILE
                                reads header lines from FILE (1 MiB at most). Values
                                are never printed. Sent only to the URL's origin
                                (scheme, host, port): not after a redirect elsewhere
          --retry N             try a transfer again up to N times, 0 to 100, on
                                connectivity failures and 408, 429, 500, 502, 503, 504
                                (waiting 1s, 2s, 4s... up to 60s, or what Retry-After
                                asks)
          --timeout SECONDS     give up on a transfer after SECONDS, 0.001 to 86400
                                (default 60)
          --connect-timeout SECONDS
                                give up on connecting after SECONDS, 0.001 to 86400
          --max-size BYTES      largest body accepted, 1 to 4G, e.g. 512K, 64M
                                (default 64M)
          --cacert FILE         trust the CAs in FILE (PEM) instead of the system's
                                (default: $CURL_CA_BUNDLE, else $SSL_CERT_FILE)
          --paginate            follow the pages of the feed at one URL: after a 200
                                page holding exactly 'limit' items (the URL's limit
                                query value; without one, any non-empty page), GET the
                                URL again with after_id set to that page's last item's
                                id, as written; one record a page
          --max-pages N         with --paginate, stop after N pages, 1 to 10000
                                (default 100)
          --if-changed          ask whether the feed at URL changed since the cache saved
                                it: send the ETag and Last-Modified stored with it
                                (If-None-Match, If-Modified-Since); a 304 record then
                                tells feed-cache save to keep the cached feed. The
                                cache is only read; if it holds no feed from URL, or
                                cannot be read, a plain GET
          --cache-dir DIR       with --if-changed, the cache to read (default: as
                                feed-cache finds it)
          --pretty              indent the records for people
      -o, --output FILE         write the records to FILE, whole: into a new file beside
                                it, renamed over FILE only if every transfer succeeded;
                                else FILE is left as it was
      -v, --verbose             on stderr, the head of every request sent ('> ' lines)
                                and response received ('< '), redirects, retries and
                                pages included; '[K] ' first with -j (K: the input's
                                place). Values of -H headers, Authorization,
                                Proxy-Authorization, Cookie, Set-Cookie: [hidden], as
                                is a URL's password, in -v and in every message
      -h, --help                show this help and exit
          --version             show the version and exit

    Proxies come from http_proxy, https_proxy, ALL_PROXY and no_proxy, as curl
    reads them. Compressed responses are asked for and written decoded.
    """
}
