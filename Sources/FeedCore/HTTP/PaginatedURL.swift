/// A feed URL as `--paginate` reads and rewrites it: `{base}/v1/feed?limit=N`,
/// the case study's FeedEndpoint, whose next page is the same URL with
/// `after_id` set to the last id of the page before. The query is taken as
/// `&`-separated parameters, each `NAME` or `NAME=VALUE`, names compared as
/// written; nothing else of the URL is touched.
public struct PaginatedURL: Equatable, Sendable {
    /// Everything before the query's `?` (the whole URL if it has none, less its fragment).
    private let base: String
    /// The query's non-empty parameters, as written, in order.
    private let parameters: [Substring]
    /// `#…`, as written, or empty.
    private let fragment: Substring

    public init(_ url: String) {
        let hash = url.firstIndex(of: "#") ?? url.endIndex
        fragment = url[hash...]
        let beforeFragment = url[..<hash]
        let mark = beforeFragment.firstIndex(of: "?")
        base = String(beforeFragment[..<(mark ?? hash)])
        parameters = mark.map { beforeFragment[beforeFragment.index(after: $0)...].split(separator: "&") } ?? []
    }

    /// The page size the URL asks for: the first `limit` parameter's value,
    /// when it is a whole number of digits above 0; nil otherwise (no `limit`,
    /// or one that is not such a number).
    public var limit: Int? {
        guard let value = value(of: "limit"),
              !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int(value), number > 0 else { return nil }
        return number
    }

    /// The URL with `after_id` set to `id`, percent-encoded: in place of the
    /// first `after_id` parameter (any later one dropped), else added after
    /// the others. Every other parameter keeps its place and spelling.
    public func after(_ id: String) -> String {
        let cursor = "after_id=" + PercentEncoding.queryValue(id)
        var query: [Substring] = []
        var placed = false
        for parameter in parameters {
            guard Self.name(of: parameter) == "after_id" else {
                query.append(parameter)
                continue
            }
            if !placed { query.append(Substring(cursor)) }
            placed = true
        }
        if !placed { query.append(Substring(cursor)) }
        return base + "?" + query.joined(separator: "&") + fragment
    }

    /// The value of the first parameter called `name`, as written ("" for a bare `NAME`).
    private func value(of name: String) -> Substring? {
        guard let parameter = parameters.first(where: { Self.name(of: $0) == name }) else { return nil }
        guard let equals = parameter.firstIndex(of: "=") else { return "" }
        return parameter[parameter.index(after: equals)...]
    }

    private static func name(of parameter: Substring) -> Substring {
        parameter[..<(parameter.firstIndex(of: "=") ?? parameter.endIndex)]
    }
}
