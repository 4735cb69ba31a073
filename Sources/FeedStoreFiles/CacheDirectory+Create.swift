import FeedCore
import FeedPlatform

extension CacheDirectory {
    /// The one way the store creates a folder: mkdir(2) of `name` (mode 0700)
    /// in directory `parent`, then `parent` flushed, so that the new entry
    /// survives a power cut as the files later written in it do. False if
    /// something of that name was there already (then not flushed).
    static func makeDirectory(_ name: String, in parent: Int32, parentPath: String, kind: ErrorKind, flush: Flush) throws(StoreError) -> Bool {
        let made: Bool
        do {
            made = try DirectoryCalls.makeDirectory(name, mode: 0o700, in: parent)
        } catch {
            throw StoreError(kind, "cannot create \(parentPath)/\(name): \(error)")
        }
        guard made else { return false }
        do {
            try flush.file(parent)
        } catch {
            throw StoreError(.saving, "cannot flush \(parentPath) after creating \(name) in it: \(error)")
        }
        return true
    }

    /// Makes the directory's entries durable (what was renamed, created or
    /// removed in it); a failure is a `saving` error naming it.
    func sync() throws(StoreError) {
        do {
            try flush.file(fd)
        } catch {
            throw StoreError(.saving, "cannot flush \(path): \(error)")
        }
    }
}
