import FeedCore

/// A field's unit (`FeedItemField.Unit`) as the bytes shown after its
/// number, a space first: `one` after exactly "1", else `other`.
struct UnitBytes: Sendable {
    private let one: [UInt8], other: [UInt8]

    init(_ unit: FeedItemField.Unit) {
        (one, other) = (Array(" \(unit.one)".utf8), Array(" \(unit.other)".utf8))
    }

    /// The words after `number`.
    func words(after number: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        number.count == 1 && number[0] == 0x31 ? one : other
    }

    func append(after number: UnsafeBufferPointer<UInt8>, to bytes: OutputBytes) {
        words(after: number).withUnsafeBufferPointer { bytes.append($0) }
    }
}
