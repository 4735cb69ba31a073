/// The calls that make written data durable, fsync(2) of a file or a
/// directory and syncfs(2) of a whole file system, as values: the store
/// makes every flush through one of these, so that a test can hand it one
/// whose chosen call fails, as a disk error would.
public struct FlushCalls {
    /// What one flush flushes.
    public enum Call: Equatable, Sendable {
        case file, fileSystem
    }

    /// fsync(2): 0, or -1 with errno set.
    public let file: (Int32) -> Int32
    /// syncfs(2), nil where the C library has none (a flush of each file then).
    public let fileSystem: ((Int32) -> Int32)?

    public init(file: @escaping (Int32) -> Int32, fileSystem: ((Int32) -> Int32)?) {
        self.file = file
        self.fileSystem = fileSystem
    }

    /// The system's own.
    public static var system: FlushCalls { FlushCalls(file: { fsync($0) }, fileSystem: syncfs) }

    /// syncfs(2), which Glibc's module map leaves out, looked up once.
    private static let syncfs: ((Int32) -> Int32)? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs").map { symbol in
        let call = unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        return { call($0) }
    }
}
