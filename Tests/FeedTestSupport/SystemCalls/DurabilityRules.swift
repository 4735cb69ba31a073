/// The rules by which what a process wrote survives a power cut on a POSIX
/// file system, checked against its file operations (ALICE's way: from the
/// calls, not from the code), for the paths under `root`:
///
/// - a file renamed into place was flushed (fsync or fdatasync of it, or a
///   syncfs) after its last write and before the rename;
/// - the folder a file is renamed into, or a name removed from, is flushed
///   after it;
/// - a folder created is followed by a flush of the folder that holds it.
///
/// A temporary file (`.tmp-`) removed needs no flush: a power cut brings it
/// back at worst, and the next writer removes it.
public enum DurabilityRules {
    /// Each rule broken, in words; none when all hold.
    public static func violations(in operations: [FileOperation], under root: String) -> [String] {
        func inside(_ path: String) -> Bool { path == root || path.hasPrefix(root + "/") }
        func flushed(_ path: String, in range: Range<Int>) -> Bool {
            operations[range].contains { $0 == .flush(path) || $0 == .flushAll }
        }
        let end = operations.count
        var found: [String] = []
        for (index, operation) in operations.enumerated() {
            switch operation {
            case .rename(let from, let to) where inside(to):
                let lastChange = operations[..<index].lastIndex { changes(from, $0) } ?? -1
                if !flushed(from, in: (lastChange + 1)..<index) {
                    found.append("\(from) renamed to \(to) with no flush of it after its last write")
                }
                if !flushed(parent(of: to), in: (index + 1)..<end) {
                    found.append("\(parent(of: to)) not flushed after \(from) was renamed to \(to)")
                }
            case .unlink(let path) where inside(path) && !leaf(of: path).hasPrefix(".tmp-"):
                if !flushed(parent(of: path), in: (index + 1)..<end) {
                    found.append("\(parent(of: path)) not flushed after \(path) was removed")
                }
            case .mkdir(let path) where inside(path):
                if !flushed(parent(of: path), in: (index + 1)..<end) {
                    found.append("\(parent(of: path)) not flushed after \(path) was created in it")
                }
            default:
                break
            }
        }
        return found
    }

    private static func changes(_ path: String, _ operation: FileOperation) -> Bool {
        switch operation {
        case .create(let written), .write(let written, _, _), .truncate(let written, _): return written == path
        default: return false
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    static func leaf(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
