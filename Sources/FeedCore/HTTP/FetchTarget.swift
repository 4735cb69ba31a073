/// One line of feed-fetch's work, in input order.
public enum FetchTarget: Equatable, Sendable {
    /// An http(s) URL to GET.
    case url(String)
    /// A URL that cannot be fetched (malformed, unsupported scheme): its error.
    case invalid(String, ToolError)
    /// An error record from an earlier stage, written on unchanged.
    case passOn(ErrorRecord)

    /// Whether it is a GET to make (not a failure known already, nor one to pass on).
    public var needsFetch: Bool {
        if case .url = self { return true }
        return false
    }

    /// Targets for URL arguments.
    public static func targets(fromArguments arguments: [String]) -> [FetchTarget] {
        arguments.map(target(for:))
    }

    /// Targets for feed-fetch's standard input: one URL a line, or feed
    /// documents (every item's `url`, to prefetch a feed's images), or error
    /// records to pass on. Malformed JSON is `invalid-data` before anything is fetched.
    public static func targets(fromInput bytes: [UInt8]) throws(ToolError) -> [FetchTarget] {
        guard let first = bytes.first(where: { !JSONWhitespace.contains($0) }) else {
            return []
        }
        guard first == UInt8(ascii: "{") else {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ToolError(.invalidData, "malformed input: URL lines are not valid UTF-8")
            }
            return text.split(whereSeparator: \.isNewline)
                .map { $0.trimmingWhitespace() }
                .filter { !$0.isEmpty }
                .map(target(for:))
        }
        var reader = RecordReader(bytes)
        var targets: [FetchTarget] = []
        while let next = reader.next() {
            switch next {
            case .failure(let error):
                throw error
            case .success(.error(let record)):
                targets.append(.passOn(record))
            case .success(.response):
                throw ToolError(.invalidData, "malformed input: expected URLs or a feed document, got a response record")
            case .success(.fresh):
                throw ToolError(.invalidData, "malformed input: expected URLs or a feed document, got a fresh record (pipe it to feed-cache save)")
            case .success(.document(let document)):
                let items = try PayloadItems.items(in: document, what: "feed document")
                for (offset, item) in items.enumerated() {
                    let key = FeedItemField.url.name
                    guard let url = item[key]?.stringValue else {
                        throw ToolError(.invalidData, "invalid feed document: items[\(offset)].\(key): missing or not a string")
                    }
                    targets.append(target(for: url))
                }
            }
        }
        return targets
    }

    static func target(for text: String) -> FetchTarget {
        do {
            return .url(try Identifiers.fetchableURL(text))
        } catch {
            return .invalid(text, error)
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
