/// Image data being stored as it comes: a store may write each image as it
/// is added and make them all durable and visible together at `commit`,
/// so that a prefetch's writes overlap its transfers.
public protocol ImageDataBatch: AnyObject {
    /// Adds data for `url`; whether it was stored, `commit` tells.
    func add(_ data: [UInt8], for url: String)
    /// Stores what was added since the last commit, each on its own: the
    /// failure of each, in the order added, nil where it was stored.
    func commit() -> [Error?]
}
