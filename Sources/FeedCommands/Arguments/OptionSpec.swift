import FeedCore

/// One option a command accepts: `-j N`, `--timeout SECONDS`, `-q`, `--pretty`.
public struct OptionSpec: Sendable {
    public var names: [String]
    /// The placeholder of the option's value (`N`, `SECONDS`), nil for a flag.
    public var value: String?

    public init(_ names: String..., value: String? = nil) {
        self.names = names
        self.value = value
    }

    public var canonical: String { names.last ?? "" }
}
