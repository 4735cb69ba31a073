import FeedCore

/// A text from the field table as UTF-8 made once and kept for the life of
/// the process (never freed): a plain value, so that the writers' loops over
/// the table's fields retain nothing for each item.
struct TableBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ text: String) {
        let kept = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        _ = kept.initialize(from: text.utf8)
        bytes = UnsafeBufferPointer(kept)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A field's unit (`FeedItemField.Unit`) as the bytes shown after its
/// number, a space first: `one` after exactly "1", else `other`.
struct UnitBytes: Sendable {
    private let one: TableBytes, other: TableBytes

    init(_ unit: FeedItemField.Unit) {
        (one, other) = (TableBytes(" \(unit.one)"), TableBytes(" \(unit.other)"))
    }

    /// The words after `number`.
    func words(after number: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        number.count == 1 && number[0] == 0x31 ? one.bytes : other.bytes
    }
}

/// A list made once from the field table and kept for the life of the
/// process, like `TableBytes`: of plain values, read for every item with
/// nothing retained.
struct TableList<Element>: @unchecked Sendable {
    let elements: UnsafeBufferPointer<Element>

    init(_ list: [Element]) {
        let kept = UnsafeMutableBufferPointer<Element>.allocate(capacity: list.count)
        _ = kept.initialize(from: list)
        elements = UnsafeBufferPointer(kept)
    }
}
