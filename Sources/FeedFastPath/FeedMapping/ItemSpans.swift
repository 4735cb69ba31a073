import FeedCore

/// Where one item's fields stand in the text, by their place in the schema:
/// a buffer made once for a run of items and cleared for each, so that no
/// item allocates.
struct ItemSpans {
    static let capacity = 8

    private let slots: UnsafeMutableBufferPointer<JSONSpan?>

    /// Runs `body` with spans for up to `capacity` fields.
    static func with<T>(_ body: (inout ItemSpans) -> T) -> T {
        withUnsafeTemporaryAllocation(of: JSONSpan?.self, capacity: capacity) { buffer in
            buffer.initialize(repeating: nil)
            var spans = ItemSpans(slots: buffer)
            return body(&spans)
        }
    }

    private init(slots: UnsafeMutableBufferPointer<JSONSpan?>) {
        self.slots = slots
    }

    mutating func clear(_ count: Int) {
        for index in 0..<count { slots[index] = nil }
    }

    subscript(index: Int) -> JSONSpan? {
        @inline(__always) get { slots[index] }
        @inline(__always) nonmutating set { slots[index] = newValue }
    }
}
