import FeedCore

/// The `url` of an item `save` would store as it stands (`SavedItemScan`
/// takes it), read again from its bytes when asked (`StoredItemBytes.url`).
enum StoredItemURL {
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress else { return "" }
        var scanner = JSONScanner(UnsafeMutablePointer(mutating: base), from: 0, to: bytes.count)
        var scan = SavedItemScan()
        guard scan.scan(&scanner) != nil else { return "" }
        return String(decoding: scan.url, as: UTF8.self)
    }
}
