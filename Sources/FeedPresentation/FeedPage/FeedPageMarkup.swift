import FeedCore

/// The fixed parts of the page around its figures. The policy in the head is
/// a second wall behind the escaping: nothing may be fetched or run, only
/// the inline style and `data:` images are allowed.
enum FeedPageMarkup {
    static let contentSecurityPolicy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"

    /// Everything up to the first figure: the head, then a heading with the
    /// item count and the save time.
    static func head(itemCount: Int, savedAt: Timestamp) -> String {
        let count = itemCount == 1 ? "1 item" : "\(itemCount) items"
        let saved = ISO8601.format(savedAt.seconds)
        return """
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>Feed: \(count)</title>
        <style>
        \(FeedPageStyle.css)
        </style>
        </head>
        <body>
        <header lang="en">
        <h1>\(count)</h1>
        <p>Saved <time datetime="\(saved)">\(saved)</time></p>
        </header>
        <main>

        """
    }

    static let tail = """
    </main>
    </body>
    </html>

    """
}
