/// An option's names and the placeholder of its value: the key its parser
/// reads it by (`arguments.value(.format)`), and the one spelling of its
/// names. Every option of every command is a static member: below, those
/// more than one command takes; beside a command's row, its own. What a
/// command or subcommand takes of them, with each one's values, range and
/// help line, is its row of the table (`CommandOptions.table`). A message
/// names an option by its key (`"\(OptionKey.paginate)"` is `--paginate`).
public struct OptionKey: Hashable, Sendable, CustomStringConvertible {
    public let names: [String]
    /// The placeholder of the option's value (`N`, `SECONDS`), nil for a flag.
    public let value: String?

    public init(_ names: String..., value: String? = nil) {
        self.names = names
        self.value = value
    }

    /// The last name, the long one where there are two.
    public var canonical: String { names.last ?? "" }

    public var description: String { canonical }
}

/// The options more than one command takes; an option of one command's
/// alone is declared beside that command's row (`FeedFetchCommand`,
/// `FeedMapCommand`, `FeedCacheOptions`).
extension OptionKey {
    public static let help = OptionKey("-h", "--help")
    public static let version = OptionKey("--version")
    public static let output = OptionKey("-o", "--output", value: "FILE")
    public static let pretty = OptionKey("--pretty")
    public static let format = OptionKey("--format", value: "FORMAT")
    public static let maxSize = OptionKey("--max-size", value: "BYTES")
    public static let cacheDir = OptionKey("--cache-dir", value: "DIR")
}
