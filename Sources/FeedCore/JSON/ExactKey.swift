/// An object key compared and hashed by its UTF-8 bytes.
struct ExactKey: Hashable {
    var string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { lhs.string.hasSameUTF8(as: rhs.string) }

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension String {
    /// Whether the two hold the same UTF-8 bytes: how JSON keys are the same
    /// (RFC 8259 §8.3), where `==` would also match canonically equivalent
    /// strings ("\u{E9}" and "e\u{301}"). Compared over contiguous storage,
    /// not a byte at a time through the views.
    func hasSameUTF8(as other: String) -> Bool {
        let mine = utf8, theirs = other.utf8
        guard mine.count == theirs.count else { return false }
        let contiguous = mine.withContiguousStorageIfAvailable { left in
            theirs.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
        }
        if let contiguous, let same = contiguous { return same }
        return mine.elementsEqual(theirs)
    }
}
