extension JSONTokenScanning {
    /// Skips a value inside `depth` open containers: only for FeedSaving's
    /// scans, until they read through a `JSONCursor` as the others do.
    mutating func skipValue(inside depth: Int) -> Bool {
        var cursor = JSONCursor(self, inside: depth)
        defer { self = cursor.scanner }
        return cursor.skipValue()
    }
}
