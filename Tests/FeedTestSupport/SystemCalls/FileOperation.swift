/// What one system call did to the files, as a trace shows it: every path
/// is absolute, as strace's `-y` resolved it.
public enum FileOperation: Equatable, Sendable {
    /// A file opened with O_CREAT (created, unless it was there).
    case create(String)
    /// Bytes written at the file's end, or at `offset` (pwrite).
    case write(String, [UInt8], offset: Int?)
    case truncate(String, length: Int)
    /// fsync or fdatasync of a file or a folder.
    case flush(String)
    /// syncfs: everything on the file system.
    case flushAll
    case rename(from: String, to: String)
    /// A name removed (a file, or an empty folder).
    case unlink(String)
    case mkdir(String)
}
