import FeedPlatform

/// A directory of the fuzz process's own (in /dev/shm where there is one,
/// so that a cache's fsync costs nothing), made once, for targets that need
/// real files; and the two file calls they make.
struct FuzzScratchDirectory {
    let path: String

    static let shared: FuzzScratchDirectory? = {
        let parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        var template = Array("\(parent)/feed-fuzz-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else { return nil }
        return FuzzScratchDirectory(path: String(cString: made))
    }()

    /// `path/name`, made (0700) if missing.
    func subdirectory(_ name: String) -> String {
        let path = "\(self.path)/\(name)"
        _ = try? DirectoryCalls.makeDirectory(path, mode: 0o700)
        return path
    }

    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        guard let fd = try? FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o600) else { return false }
        defer { FileDescriptor.close(fd) }
        return (try? FileDescriptor.writeAll(fd, bytes)) != nil
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let fd = try? FileDescriptor.open(path, O_RDONLY | O_CLOEXEC) else { return nil }
        defer { FileDescriptor.close(fd) }
        return try? FileDescriptor.readAll(fd)
    }
}
