import Foundation

/// The folders and files under a root, by path relative to it, with each
/// file's bytes: what a test reads from disk before and after a command, and
/// writes out again as a state a power cut may leave.
public struct FileTree: Hashable, Sendable {
    public var directories: Set<String> = []
    public var files: [String: [UInt8]] = [:]

    public init(directories: Set<String> = [], files: [String: [UInt8]] = [:]) {
        self.directories = directories
        self.files = files
    }

    /// What is under `root` now (symbolic links left out).
    public init(reading root: String) {
        for path in cacheTestTree(root) {
            switch cacheTestFileType(root + "/" + path) {
            case S_IFDIR: directories.insert(path)
            case S_IFREG: files[path] = cacheTestRead(root + "/" + path) ?? []
            default: break
            }
        }
    }

    /// Writes the tree under `root` (an empty folder), folders mode 0700 and files 0600.
    public func write(under root: String) throws {
        for directory in directories.sorted() {
            try FileManager.default.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        for (path, bytes) in files {
            guard FileManager.default.createFile(atPath: root + "/" + path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
        }
    }

    /// The tree without the paths `leaving` names.
    public func without(_ leaving: (String) -> Bool) -> FileTree {
        FileTree(directories: directories.filter { !leaving($0) }, files: files.filter { !leaving($0.key) })
    }
}
