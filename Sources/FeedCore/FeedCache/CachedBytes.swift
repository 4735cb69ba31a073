/// Bytes the cache hands back, held for as long as a value refers to them:
/// a copy of an array, or a region of a file mapped into memory that is
/// released with the last value that refers to it (so a large feed goes from
/// the page cache to stdout untouched).
public struct CachedBytes: Equatable, @unchecked Sendable {
    /// Owns the memory; releases it when the last value goes.
    private final class Owner {
        let release: () -> Void
        init(release: @escaping () -> Void) { self.release = release }
        deinit { release() }
    }

    private let owner: Owner
    private let region: UnsafeRawBufferPointer

    public init(_ bytes: [UInt8]) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        copy.copyBytes(from: bytes)
        owner = Owner { copy.deallocate() }
        region = UnsafeRawBufferPointer(copy)
    }

    /// Bytes that stay valid until `release` runs, when the last value goes.
    public init(region: UnsafeRawBufferPointer, release: @escaping () -> Void) {
        owner = Owner(release: release)
        self.region = region
    }

    private init(owner: Owner, region: UnsafeRawBufferPointer) {
        self.owner = owner
        self.region = region
    }

    /// The bytes from `offset` on, held by the same owner.
    public func dropFirst(_ offset: Int) -> CachedBytes {
        CachedBytes(owner: owner, region: UnsafeRawBufferPointer(rebasing: region[min(offset, region.count)...]))
    }

    /// The first `count` bytes, held by the same owner.
    public func prefix(_ count: Int) -> CachedBytes {
        CachedBytes(owner: owner, region: UnsafeRawBufferPointer(rebasing: region[..<min(max(count, 0), region.count)]))
    }

    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        defer { withExtendedLifetime(owner) {} }
        return try body(region)
    }

    public var count: Int { region.count }

    /// A copy as an array.
    public var array: [UInt8] { withUnsafeBytes { Array($0) } }

    public static func == (lhs: CachedBytes, rhs: CachedBytes) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
    }
}

extension CachedBytes {
    /// The items of the feed document these cached bytes hold: the one way
    /// the cache's bytes become items, for every output format and for
    /// `append`. Bytes that are no feed document are a `retrieval` error.
    public func feedItems() throws(ToolError) -> [JSON] {
        func unreadable(_ why: String) -> ToolError { ToolError(.retrieval, "cannot read the cached feed: \(why)") }
        let value: JSON
        do {
            value = try JSONReader.parseSingle(array)
        } catch {
            throw unreadable("\(error)")
        }
        guard case .object(let object) = value else { throw unreadable("it is not a feed document") }
        do {
            return try PayloadItems.items(in: object, what: "feed")
        } catch {
            throw unreadable(error.message)
        }
    }
}
