import FeedPlatform

extension Socket {
    /// Connects to 127.0.0.1:`port` without waiting past `deadline` or a signal on `stop`
    /// (a `StopSignal.fd`; -1 for none). Returns a connected, blocking, close-on-exec socket with
    /// TCP_NODELAY. Throws `LoopbackServerError`: the connect's errno (ECONNREFUSED...), or
    /// ETIMEDOUT when the deadline passed, ECANCELED when `stop` fired.
    static func connectLoopback(port: UInt16, orStop stop: Int32 = -1, until deadline: Double) throws -> Int32 {
        let operation = "connect to 127.0.0.1:\(port)"
        let fd = socket(AF_INET, nonBlockingStream, 0)
        if fd < 0 { throw LoopbackServerError(operation: "create a socket", code: errno) }
        var ok = false
        defer { if !ok { close(fd) } }

        var address = loopbackAddress(port: port)
        let started = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if started != 0 {
            // EINTR: the connection still goes on, as with EINPROGRESS.
            guard errno == EINPROGRESS || errno == EINTR else {
                throw LoopbackServerError(operation: operation, code: errno)
            }
            switch waitWritable(fd, orStop: stop, until: deadline) {
            case .ready: break
            case .stopped: throw LoopbackServerError(operation: operation, code: ECANCELED)
            case .timedOut: throw LoopbackServerError(operation: operation, code: ETIMEDOUT)
            case .failed: throw LoopbackServerError(operation: operation, code: errno)
            }
            let failure = pendingError(fd)
            if failure != 0 { throw LoopbackServerError(operation: operation, code: failure) }
        }
        makeBlocking(fd)
        enable(TCP_NODELAY, level: Int32(IPPROTO_TCP), on: fd)
        ok = true
        return fd
    }

    /// The socket's pending error (SO_ERROR), 0 if none: how a non-blocking connect ended.
    static func pendingError(_ fd: Int32) -> Int32 {
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) != 0 { return errno }
        return failure
    }
}
