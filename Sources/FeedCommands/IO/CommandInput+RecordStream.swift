import FeedCore

extension CommandInput {
    /// The records on standard input as they come (see `RecordStream`), for
    /// a stage that acts on each as it arrives. A terminal there is a usage
    /// error, as for `read(expecting:)`. With `emptyIsNothingToDo`, input
    /// with no record at all is no error: there is nothing to do.
    public func records(expecting what: String, emptyIsNothingToDo: Bool = false,
                        now: @escaping () -> Timestamp) throws(ToolError) -> RecordStream {
        if source.isTerminal {
            throw ToolError(.usage, "standard input is a terminal: pipe \(what) into \(tool) (see '\(tool) \(OptionKey.help)')")
        }
        return RecordStream(source: source, expecting: what, emptyIsNothingToDo: emptyIsNothingToDo, now: now)
    }
}
