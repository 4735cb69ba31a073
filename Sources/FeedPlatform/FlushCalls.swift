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

extension FlushCalls {
    /// The system's calls, but the `number`th call of kind `call` (counting
    /// from 1) fails with `code` without being made: the seam through which
    /// tests give the store a disk that fails to flush. `called` hears of
    /// every call, made or failed, in order.
    public static func failing(_ call: Call, number: Int, code: Int32 = EIO, called: @escaping (Call) -> Void = { _ in }) -> FlushCalls {
        let system = FlushCalls.system
        var count = 0
        func counted(_ kind: Call, _ real: @escaping (Int32) -> Int32) -> (Int32) -> Int32 {
            { fd in
                called(kind)
                guard kind == call else { return real(fd) }
                count += 1
                guard count == number else { return real(fd) }
                errno = code
                return -1
            }
        }
        return FlushCalls(file: counted(.file, system.file), fileSystem: system.fileSystem.map { counted(.fileSystem, $0) })
    }
}
