/// Is a cached document a feed document, as `save` accepts one? A cache file
/// can be whole (its length and checksum right) and still hold something else:
/// one written by another program or another version. `load` must not show it
/// as a feed, so every load checks the document, in place and without building
/// it: one pass of the scanner proves a well-formed feed valid; anything else
/// (an invalid document, an escaped key or value) gets the full check.
extension LocalFeedLoader {
    static func isFeedDocument(_ document: UnsafeRawBufferPointer) -> Bool {
        guard let base = document.baseAddress, !document.isEmpty else { return false }
        // The scanner only reads here (it writes only when asked to unescape).
        let bytes = UnsafeMutableBufferPointer(mutating: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: document.count))
        var scanner = JSONScanner(bytes)
        return provedValid(&scanner) || fullCheck(Array(document))
    }

    static func isFeedDocument(_ document: [UInt8]) -> Bool {
        document.withUnsafeBytes { isFeedDocument($0) }
    }

    /// One object whose (last) `items` is an array of objects, each with a
    /// (last) `id` that is a UUID and `url` that is an absolute URL, both
    /// unescaped strings; nothing after it but white space. Depths are counted
    /// as JSONReader counts them.
    private static func provedValid(_ scanner: inout JSONScanner) -> Bool {
        guard scanner.consume(0x7B) else { return false }
        var itemsValid = false
        if !scanner.consume(0x7D) {
            repeat {
                guard let key = scanner.string(), !key.escaped, scanner.consume(0x3A) else { return false }
                if scanner.span(key, is: "items") {
                    guard scanner.consume(0x5B) else { return false }
                    if !scanner.consume(0x5D) {
                        repeat {
                            guard provedValidItem(&scanner) else { return false }
                        } while scanner.consume(0x2C)
                        guard scanner.consume(0x5D) else { return false }
                    }
                    itemsValid = true
                } else if !scanner.skipValue(depth: 1) {
                    return false
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return false }
        }
        scanner.skipWhitespace()
        return scanner.atEnd && itemsValid
    }

    private static func provedValidItem(_ scanner: inout JSONScanner) -> Bool {
        guard scanner.consume(0x7B) else { return false }
        var id: JSONSpan?, url: JSONSpan?
        if !scanner.consume(0x7D) {
            repeat {
                guard let key = scanner.string(), !key.escaped, scanner.consume(0x3A) else { return false }
                let isID = scanner.span(key, is: "id"), isURL = scanner.span(key, is: "url")
                if isID || isURL {
                    // A string, or (for a duplicate key's earlier value) the full check decides.
                    guard let value = scanner.string(), !value.escaped else { return false }
                    if isID { id = value } else { url = value }
                } else if !scanner.skipValue(depth: 3) {
                    return false
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return false }
        }
        guard let id, let url else { return false }
        let base = UnsafePointer(scanner.base)
        return Identifiers.isUUID(UnsafeBufferPointer(start: base + id.start, count: id.count))
            && Identifiers.isAbsoluteURL(UnsafeBufferPointer(start: base + url.start, count: url.count))
    }

    /// The reference: what `save` itself checks.
    private static func fullCheck(_ document: [UInt8]) -> Bool {
        guard case .object(let object)? = try? JSONReader.parseSingle(document) else { return false }
        return (try? LocalFeed(validating: object)) != nil
    }
}
