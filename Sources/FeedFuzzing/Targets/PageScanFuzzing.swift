import FeedCore
import FeedPresentation

/// `--paginate`'s page scan on any page body. When it goes on to a next
/// page, the body was a payload with a last id; the next URL is fetchable,
/// keeps the first URL's limit and carries that id percent-encoded, so that
/// it decodes to exactly the id; and a page seen again ends the pages.
enum PageScanFuzzing {
    static let name = "page-scan"
    private static let expect = FuzzCheck(target: name)
    static let firstURL = "http://127.0.0.1:8080/v1/feed?page=1"

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        let page = FeedPage(body: input)
        for limit in [nil, page?.itemCount] {
            let url = firstURL + (limit.map { "&limit=\($0)" } ?? "")
            var pagination = Pagination(firstURL: url, maxPages: 3)
            let response = ResponseRecord(url: url, status: 200, body: input)
            guard let next = pagination.nextURL(after: response) else { continue }
            guard let page, let id = page.lastID else { throw expect.fail("a next page after a body without a last id") }
            try expect.require((try? Identifiers.fetchableURL(next)) == next, "the next URL is not fetchable: \(next.debugDescription)")
            try expect.require(PaginatedURL(next).limit == PaginatedURL(url).limit, "the next URL's limit differs")
            try expect.require(afterID(in: next) == Array(id.utf8), "the next URL's after_id does not decode to the last id")
            try expect.require(pagination.nextURL(after: response) == nil, "a page seen again does not end the pages")
        }
        var failed = Pagination(firstURL: firstURL)
        try expect.require(failed.nextURL(after: ResponseRecord(url: firstURL, status: 500, body: input)) == nil,
                           "a next page after a status 500")
    }

    /// The bytes of the `after_id` parameter's value, percent-decoded; nil if
    /// it is missing or holds anything but unreserved characters and `%XX`.
    static func afterID(in url: String) -> [UInt8]? {
        let query = url.split(separator: "?", maxSplits: 1).last ?? ""
        guard let parameter = query.split(separator: "&").first(where: { $0.hasPrefix("after_id=") }) else { return nil }
        let encoded = Array(parameter.utf8.dropFirst("after_id=".utf8.count))
        var decoded: [UInt8] = []
        var index = 0
        while index < encoded.count {
            let byte = encoded[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < encoded.count, let high = hex(encoded[index + 1]), let low = hex(encoded[index + 2]) else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                guard byte < 0x80, (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || "-._~".utf8.contains(byte) else {
                    return nil
                }
                decoded.append(byte)
                index += 1
            }
        }
        return decoded
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        default: return nil
        }
    }
}
