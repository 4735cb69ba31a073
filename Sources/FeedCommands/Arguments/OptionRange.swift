import FeedCore

/// The values a numeric option (or the variable that stands for it) takes:
/// how its text is read and the closed range it must fall in, written once
/// with the option's declaration. The parser refuses a value outside it
/// (`usage`), naming the range, before any arithmetic is done with it.
public protocol OptionRange: Sendable {
    /// "a whole number from 1 to 256": what the option needs, for a message.
    var described: String { get }
    /// Whether `text` reads as a value in the range.
    func accepts(_ text: String) -> Bool
}

extension OptionRange {
    /// The message for `text` given to `source` (an option or a variable) when it is out of range.
    public func refusal(of text: String, by source: String) -> String {
        "\(source) needs \(described), got '\(text)'"
    }
}

/// A range of values of one type, with the reading of their text.
public struct BoundedValue<Value: Comparable & Sendable>: OptionRange {
    public let bounds: ClosedRange<Value>
    private let kind: String
    private let read: @Sendable (String) -> Value?
    private let spell: @Sendable (Value) -> String

    init(_ bounds: ClosedRange<Value>, kind: String, read: @escaping @Sendable (String) -> Value?,
         spell: @escaping @Sendable (Value) -> String) {
        self.bounds = bounds
        self.kind = kind
        self.read = read
        self.spell = spell
    }

    public var described: String { "\(kind) from \(spell(bounds.lowerBound)) to \(spell(bounds.upperBound))" }

    /// The value `text` reads as, if it is in the range; nil otherwise.
    public func value(_ text: String) -> Value? {
        guard let value = read(text), bounds.contains(value) else { return nil }
        return value
    }

    public func accepts(_ text: String) -> Bool { value(text) != nil }

    /// The value of `text`, or the usage error naming `source` (an option or
    /// a variable) and the range.
    public func value(_ text: String, of source: String) throws(ToolError) -> Value {
        guard let value = value(text) else { throw ToolError(.usage, refusal(of: text, by: source)) }
        return value
    }
}

extension BoundedValue where Value == Int {
    /// Digits only: `-j 4`, `--retry 3`.
    static func wholeNumber(_ bounds: ClosedRange<Int>) -> BoundedValue {
        BoundedValue(bounds, kind: "a whole number", read: { Quantities.wholeNumber($0) }, spell: { String($0) })
    }

    /// A byte count, `1048576` or `64M`.
    static func byteCount(_ bounds: ClosedRange<Int>) -> BoundedValue {
        BoundedValue(bounds, kind: "a byte count", read: { Quantities.byteCount($0) }, spell: { Quantities.describeBytes($0) })
    }
}

extension BoundedValue where Value == Double {
    /// Seconds with fractions: `0.5`, `30`.
    static func seconds(_ bounds: ClosedRange<Double>) -> BoundedValue {
        BoundedValue(bounds, kind: "a number of seconds", read: { Quantities.seconds($0) }, spell: { Quantities.describeSeconds($0) })
    }
}

extension BoundedValue where Value == Int64 {
    /// A duration with units: `7d`, `1d12h`.
    static func duration(_ bounds: ClosedRange<Int64>) -> BoundedValue {
        BoundedValue(bounds, kind: "a duration such as 7d, 36h, 15m, 90s or 1d12h,",
                     read: { Quantities.duration($0) }, spell: { FeedCachePolicy.describe($0) })
    }
}
