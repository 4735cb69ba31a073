extension LoopbackRequest {
    /// The query's name=value pairs, in order, decoded as a form would be ("+" is a space, then
    /// percent escapes); a pair without "=" has the value "". Empty pieces ("a=1&&b=2") are
    /// skipped. [] without a query; nil if an escape is malformed or not UTF-8.
    public var queryItems: [(name: String, value: String)]? {
        guard let query else { return [] }
        var items: [(name: String, value: String)] = []
        for piece in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = formDecoded(parts[0]),
                  let value = parts.count > 1 ? formDecoded(parts[1]) : "" else { return nil }
            items.append((name, value))
        }
        return items
    }

    /// Every value of query parameter `name` (compared exactly), in order; nil if the query
    /// is malformed (see `queryItems`).
    public func queryValues(_ name: String) -> [String]? {
        queryItems?.filter { $0.name == name }.map(\.value)
    }
}

/// "a+b%2Fc" → "a b/c"; nil for a malformed escape or bytes that are not UTF-8.
private func formDecoded(_ text: Substring) -> String? {
    percentDecoded(String(text).replacingPluses())
}

extension String {
    fileprivate func replacingPluses() -> String {
        guard utf8.contains(43) else { return self }
        return String(decoding: utf8.map { $0 == 43 ? 32 : $0 }, as: UTF8.self)
    }
}
