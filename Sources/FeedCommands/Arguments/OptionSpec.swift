import FeedCore

/// One option a command accepts: `-j N`, `--timeout SECONDS`, `-q`, `--pretty`.
public struct OptionSpec: Sendable {
    public var names: [String]
    /// The placeholder of the option's value (`N`, `SECONDS`), nil for a flag.
    public var value: String?
    /// The values it takes, where they are a fixed few (`--format`); empty for any.
    public var choices: [String]
    /// The range a numeric value must fall in, which the parser checks.
    public var range: (any OptionRange)?

    public init(_ names: String..., value: String? = nil, choices: [String] = [], range: (any OptionRange)? = nil) {
        self.names = names
        self.value = value
        self.choices = choices
        self.range = range
    }

    public var canonical: String { names.last ?? "" }
}
