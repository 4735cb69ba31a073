/// An option's names and the placeholder of its value: the key its parser
/// reads it by (`arguments.value(.format)`), and the one spelling of its
/// names. Every option of every command is one of the keys below; what a
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

extension OptionKey {
    // Every command's.
    public static let help = OptionKey("-h", "--help")
    public static let version = OptionKey("--version")
    public static let output = OptionKey("-o", "--output", value: "FILE")
    public static let pretty = OptionKey("--pretty")
    public static let format = OptionKey("--format", value: "FORMAT")
    public static let maxSize = OptionKey("--max-size", value: "BYTES")
    public static let cacheDir = OptionKey("--cache-dir", value: "DIR")
    // feed-fetch's.
    public static let jobs = OptionKey("-j", "--jobs", value: "N")
    public static let header = OptionKey("-H", "--header", value: "HEADER")
    public static let retry = OptionKey("--retry", value: "N")
    public static let timeout = OptionKey("--timeout", value: "SECONDS")
    public static let connectTimeout = OptionKey("--connect-timeout", value: "SECONDS")
    public static let cacert = OptionKey("--cacert", value: "FILE")
    public static let paginate = OptionKey("--paginate")
    public static let maxPages = OptionKey("--max-pages", value: "N")
    public static let ifChanged = OptionKey("--if-changed")
    public static let verbose = OptionKey("-v", "--verbose")
    // feed-map's.
    public static let schema = OptionKey("--schema", value: "NAME")
    // feed-cache's.
    public static let maxAge = OptionKey("--max-age", value: "DURATION")
    public static let quiet = OptionKey("-q", "--quiet")
    public static let append = OptionKey("--append")
}
