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
