import FeedCore

/// One option as a command (or subcommand) takes it: its key, the values it
/// takes where they are a fixed few, the range a numeric value must fall in
/// (which the parser checks), and its lines in the command's --help.
public struct OptionSpec: Sendable {
    public let key: OptionKey
    /// The values it takes, where they are a fixed few (`--format`); empty for any.
    public var choices: [String]
    /// The range a numeric value must fall in, which the parser checks.
    public var range: (any OptionRange)?
    /// What it does, as --help says it: lines already wrapped to the help's width.
    public var help: String
    /// Its value as --help shows it, where that is not the key's placeholder (`'NAME: VALUE'`).
    public var shownValue: String?

    public init(_ key: OptionKey, choices: [String] = [], range: (any OptionRange)? = nil, shownValue: String? = nil, help: String = "") {
        self.key = key
        self.choices = choices
        self.range = range
        self.shownValue = shownValue
        self.help = help
    }

    /// The formats it takes: `--format`'s choices, the first the default.
    public init(_ key: OptionKey, formats: [OutputFormat], help: String) {
        self.init(key, choices: formats.map(\.rawValue), help: help)
    }

    public var names: [String] { key.names }
    public var value: String? { key.value }
    public var canonical: String { key.canonical }
}

extension OptionSpec {
    /// `--help` and `--version`, said alike by every command.
    static let help = OptionSpec(.help, help: "show this help and exit")
    static let version = OptionSpec(.version, help: "show the version and exit")
}
