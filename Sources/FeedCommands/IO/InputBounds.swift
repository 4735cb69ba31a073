import FeedCore

/// What a command takes of standard input, checked as each piece is read:
/// at most `maxSize` bytes (over it is `invalid-data`, read no further), no
/// byte that no input can hold (`InputTextBytes`), and, where the input is
/// JSON (records, feed documents), a first byte other than white space that
/// can begin a JSON value. Input that can never be taken (`< /dev/zero`, `yes`)
/// thus fails at its first byte or at the limit, never holding more.
public struct InputBounds {
    /// The limit unless a command's `--max-size` says otherwise, and the
    /// fixed one of the readers that have no such option: 1 GiB, which a
    /// feed of a million items (some 183 MiB as `save` stores them) fits in.
    public static let defaultMaxSize = 1 << 30

    public let maxSize: Int
    /// The option that sets `maxSize`, where the command has one.
    let option: String?
    /// Whether the input is JSON values, whose first byte is checked.
    let isJSON: Bool
    /// How many bytes have been taken, and whether one was not white space.
    private var taken = 0
    private var started = false

    public init(maxSize: Int = defaultMaxSize, option: String? = nil, isJSON: Bool) {
        self.maxSize = maxSize
        self.option = option
        self.isJSON = isJSON
    }

    /// Takes `bytes`, read just after the ones taken before: checked, and
    /// counted against the limit.
    public mutating func take(_ bytes: UnsafeRawBufferPointer) throws(ToolError) {
        try check(bytes)
        guard taken <= maxSize else { throw tooLarge }
    }

    /// Checks `bytes`, read just after the ones before, without the limit
    /// (a stream of records holds one at a time: see `refuse(held:)`).
    public mutating func check(_ bytes: UnsafeRawBufferPointer) throws(ToolError) {
        if isJSON, !started, let first = bytes.firstIndex(where: { !JSONWhitespace.contains($0) }) {
            started = true
            guard InputTextBytes.canBeginJSONValue(bytes[first]) else {
                throw ToolError(.invalidData, "malformed input: \(Self.describe(bytes[first])) at offset \(taken + first) cannot begin JSON")
            }
        }
        if let impossible = InputTextBytes.firstImpossible(in: bytes) {
            let what = isJSON ? "JSON text" : "JSON text or a list of URLs"
            throw ToolError(.invalidData, "malformed input: \(Self.describe(bytes[impossible])) at offset \(taken + impossible) cannot be in \(what)")
        }
        taken += bytes.count
    }

    /// A regular file is refused by its size, before it is read.
    func refuse(size: Int) throws(ToolError) {
        if size > maxSize { throw tooLarge }
    }

    /// A stream of records holding `held` bytes not yet made into a record.
    func refuse(held: Int) throws(ToolError) {
        if held > maxSize {
            throw ToolError(.invalidData, "a record on standard input is larger than \(Self.describeSize(maxSize)), the most this command holds")
        }
    }

    var tooLarge: ToolError {
        let limit = "\(Self.describeSize(maxSize))"
        if let option {
            return ToolError(.invalidData, "standard input is larger than \(limit), the limit of \(option): raise it (\(option) BYTES) to read more")
        }
        return ToolError(.invalidData, "standard input is larger than \(limit), the most this command reads")
    }

    private static func describe(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        let hex = "byte 0x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0x0F)])"
        return byte >= 0x21 && byte < 0x7F ? "\(hex) ('\(Character(Unicode.Scalar(byte)))')" : hex
    }

    /// `1G`, `64M`, `512K` where the count is a whole number of them, else bytes.
    private static func describeSize(_ bytes: Int) -> String {
        for (unit, scale) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes >= scale && bytes % scale == 0 {
            return "\(bytes / scale)\(unit) (\(bytes) bytes)"
        }
        return "\(bytes) bytes"
    }
}
