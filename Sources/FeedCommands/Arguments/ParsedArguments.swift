/// The result of parsing: options by their keys, and operands.
public struct ParsedArguments: Sendable {
    public var values: [OptionKey: [String]] = [:]
    public var operands: [String] = []
    /// Options in the order given.
    public var given: [OptionKey] = []

    public func has(_ option: OptionKey) -> Bool { values[option] != nil }
    /// The last value given to `option`.
    public func value(_ option: OptionKey) -> String? { values[option]?.last }
    /// Every value given to `option`, in order.
    public func values(of option: OptionKey) -> [String] { values[option] ?? [] }
}
