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
        mkdir(path, 0o700)
        return path
    }

    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return (try? FileDescriptor.writeAll(fd, bytes)) != nil
    }

    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return try? FileDescriptor.readAll(fd)
    }
}
