/// The result of parsing: options by their canonical (last) name, and operands.
public struct ParsedArguments: Sendable {
    public var values: [String: [String]] = [:]
    public var operands: [String] = []
    /// Options in the order given, by canonical name.
    public var given: [String] = []

    public func has(_ name: String) -> Bool { values[name] != nil }
    public func value(_ name: String) -> String? { values[name]?.last }
}
