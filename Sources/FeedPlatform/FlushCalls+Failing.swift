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
