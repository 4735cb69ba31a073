import FeedPlatform

extension Socket {
    /// Connects to 127.0.0.1:`port` without waiting past `deadline` or a trigger on `stop`
    /// (a `StopTrigger.fd`; -1 for none). Returns a connected, blocking, close-on-exec socket with
    /// TCP_NODELAY. Throws `LoopbackServerError`: the connect's errno (ECONNREFUSED...), or
    /// ETIMEDOUT when the deadline passed, ECANCELED when `stop` fired.
    static func connectLoopback(port: UInt16, orStop stop: Int32 = -1, until deadline: Double) throws(LoopbackServerError) -> Int32 {
        let operation = "connect to 127.0.0.1:\(port)"
        let fd = try LoopbackServerError.attempt("create a socket") { () throws(SystemError) in
            try SocketCalls.open(domain: AF_INET, type: nonBlockingStream)
        }
        var ok = false
        defer { if !ok { FileDescriptor.close(fd) } }

        let connected = try LoopbackServerError.attempt(operation) { () throws(SystemError) in
            try SocketCalls.connect(fd, to: loopbackAddress(port: port))
        }
        if !connected {
            switch waitWritable(fd, orStop: stop, until: deadline) {
            case .ready: break
            case .stopped: throw LoopbackServerError(operation: operation, code: ECANCELED)
            case .timedOut: throw LoopbackServerError(operation: operation, code: ETIMEDOUT)
            case .failed(let error): throw LoopbackServerError(operation: operation, code: error.code)
            }
            let failure = pendingError(fd)
            if failure != 0 { throw LoopbackServerError(operation: operation, code: failure) }
        }
        makeBlocking(fd)
        enable(TCP_NODELAY, level: Int32(IPPROTO_TCP), on: fd)
        ok = true
        return fd
    }

    /// The socket's pending error (SO_ERROR), 0 if none: how a non-blocking connect ended
    /// (the error of reading it, if that fails).
    static func pendingError(_ fd: Int32) -> Int32 {
        do {
            return try SocketCalls.pendingError(fd)
        } catch {
            return error.code
        }
    }
}
