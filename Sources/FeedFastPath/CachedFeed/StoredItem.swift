import FeedCore

/// An item of the cached document that `save` would store as it stands
/// (`SavedItemScan` takes it), given where it stands.
public struct StoredItem {
    public let bytes: UnsafeBufferPointer<UInt8>

    /// Its `url`, decoded: read again from its bytes when asked, since a
    /// reader that needs none (no image data cached at all) should not pay.
    public var url: String {
        guard let base = bytes.baseAddress else { return "" }
        var scanner = JSONScanner(UnsafeMutablePointer(mutating: base), from: 0, to: bytes.count)
        var scan = SavedItemScan()
        guard scan.scan(&scanner) != nil else { return "" }
        return String(decoding: scan.url, as: UTF8.self)
    }
}
