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

    /// What feed-fetch reads on standard input, for its messages.
    static let whatItTakes = "feed-fetch reads URLs (one a line), feed documents ({\"items\":[...]}), item lines (as --format jsonl writes them) or error records"

    /// Targets for URL arguments.
    public static func targets(fromArguments arguments: [String]) -> [FetchTarget] {
        arguments.map(target(for:))
    }

    /// Targets for feed-fetch's standard input: one URL a line, or feed
    /// documents (every item's `url`, to prefetch a feed's images), or item
    /// lines as `--format jsonl` writes them (each one's `url`), or error
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
        var reader = JSONReader(bytes)
        var targets: [FetchTarget] = []
        while true {
            let value: JSON?
            do {
                value = try reader.next()
            } catch {
                throw ToolError(.invalidData, "malformed input: \(error)")
            }
            guard let value else { break }
            if let line = ItemLine(value) {
                targets.append(try target(of: line))
                continue
            }
            let record: Record
            do {
                record = try Record.classify(value)
            } catch {
                throw ToolError(.invalidData, "malformed input: \(whatItTakes); got \(value.objectValue == nil ? value.typeName : "an object with none of url, items, error")")
            }
            switch record {
            case .error(let record):
                targets.append(.passOn(record))
            case .response:
                throw ToolError(.invalidData, "malformed input: \(whatItTakes); got a response record (feed-map or feed-cache image save reads those)")
            case .fresh:
                throw ToolError(.invalidData, "malformed input: \(whatItTakes); got a fresh record (pipe it to feed-cache save)")
            case .document(let document):
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

    /// An item line's URL's target; one without a url string is `invalid-data`.
    static func target(of line: ItemLine) throws(ToolError) -> FetchTarget {
        let key = FeedItemField.url.name
        guard let url = line.item[key]?.stringValue else {
            throw ToolError(.invalidData, "invalid item line: \(key): missing or not a string")
        }
        return target(for: url)
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
