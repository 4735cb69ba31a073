import FeedPlatform

/// Gives the input's pages back to the kernel once the scan is past them, so
/// a large input and its document are not both held at once. Only for input
/// mapped from a file and never written: a page given back is read again from
/// the file if it is touched again (by a slower path, say).
struct InputRelease {
    let base: UnsafeMutablePointer<UInt8>
    let enabled: Bool
    private var released: Int

    private static let step = 4 << 20

    init(base: UnsafeMutablePointer<UInt8>, from start: Int, enabled: Bool) {
        self.base = base
        self.enabled = enabled
        released = start
    }

    /// Releases the whole pages between the last release and `position`
    /// (never the page that holds the start: it may hold bytes before it).
    @inline(__always) mutating func advance(to position: Int) {
        guard enabled, position - released >= InputRelease.step else { return }
        let page = MemoryMapping.pageSize
        let from = (Int(bitPattern: base + released) + page - 1) / page * page
        let to = Int(bitPattern: base + position) / page * page
        if to > from, let start = UnsafeMutableRawPointer(bitPattern: from) {
            MemoryMapping.release(start, length: to - from)
        }
        released = position
    }
}
