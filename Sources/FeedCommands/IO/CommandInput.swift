import FeedCore

/// A stage's standard input, where records are expected: a terminal there is
/// a usage error (nothing was piped in), and empty or blank input is `not-found`.
public struct CommandInput {
    let tool: String
    let source: ByteSource

    /// All of it, within `bounds` (`InputBounds`).
    public func read(expecting what: String, within bounds: InputBounds) throws(ToolError) -> [UInt8] {
        try refuseTerminal(expecting: what)
        var bounds = bounds
        let bytes = try source.read(within: &bounds)
        try requireInput(bytes, expecting: what)
        return bytes
    }

    /// The same, in place where it can be (see `InputBytes`).
    public func map(expecting what: String, within bounds: InputBounds) throws(ToolError) -> InputBytes {
        try refuseTerminal(expecting: what)
        var bounds = bounds
        let input = try source.map(within: &bounds)
        switch input {
        case .mapped(let bytes): try requireInput(bytes, expecting: what)
        case .read(let bytes): try requireInput(bytes, expecting: what)
        }
        return input
    }

    private func refuseTerminal(expecting what: String) throws(ToolError) {
        if source.isTerminal {
            throw ToolError(.usage, "standard input is a terminal: pipe \(what) into \(tool) (see '\(tool) \(OptionKey.help)')")
        }
    }

    private func requireInput<Bytes: Collection<UInt8>>(_ bytes: Bytes, expecting what: String) throws(ToolError) {
        if bytes.allSatisfy(JSONWhitespace.contains) {
            throw ToolError(.notFound, "no input: expected \(what) on standard input")
        }
    }
}

extension CommandInput {
    /// The records on standard input as they come (see `RecordStream`), for
    /// a stage that acts on each as it arrives. A terminal there is a usage
    /// error, as for `read(expecting:)`. With `emptyIsNothingToDo`, input
    /// with no record at all is no error: there is nothing to do.
    public func records(expecting what: String, emptyIsNothingToDo: Bool = false,
                        now: @escaping () -> Timestamp) throws(ToolError) -> RecordStream {
        try refuseTerminal(expecting: what)
        return RecordStream(source: source, expecting: what, emptyIsNothingToDo: emptyIsNothingToDo, now: now)
    }
}
