// Every descriptor is created close-on-exec, so a test that spawns a command
// never leaks a server socket into the child.

import FeedPlatform

/// Setting up the server's sockets: the listener on 127.0.0.1 and each accepted connection
/// (and, in the extension below, the proxy's connections to its origins). The system calls are
/// FeedPlatform's `SocketCalls`.
enum Socket {
    /// A close-on-exec, non-blocking stream socket (the listener and the stop trigger).
    static let nonBlockingStream = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        | Int32(SOCK_NONBLOCK.rawValue)

    /// Creates, binds and listens on 127.0.0.1:`port` with `backlog`. Returns the descriptor and the bound port.
    static func listenLoopback(port: UInt16, backlog: Int32 = SOMAXCONN) throws(LoopbackServerError) -> (fd: Int32, port: UInt16) {
        let fd = try LoopbackServerError.attempt("create a socket") { () throws(SystemError) in
            try SocketCalls.open(domain: AF_INET, type: nonBlockingStream)
        }
        var ok = false
        defer { if !ok { FileDescriptor.close(fd) } }

        enable(SO_REUSEADDR, level: SOL_SOCKET, on: fd)
        try LoopbackServerError.attempt("bind 127.0.0.1:\(port)") { () throws(SystemError) in
            try SocketCalls.bind(fd, to: loopbackAddress(port: port))
        }
        try LoopbackServerError.attempt("listen on 127.0.0.1:\(port)") { () throws(SystemError) in
            try SocketCalls.listen(fd, backlog: backlog)
        }
        let actual = try LoopbackServerError.attempt("read the bound port") { () throws(SystemError) in
            try SocketCalls.localAddress(of: fd)
        }
        ok = true
        return (fd, UInt16(bigEndian: actual.sin_port))
    }

    /// Accepts one connection as a blocking, close-on-exec socket with TCP_NODELAY.
    static func acceptConnection(_ listener: Int32) throws(SystemError) -> Int32 {
        let fd = try SocketCalls.accept(listener)
        // Linux does not pass O_NONBLOCK on to accepted sockets, but be explicit.
        makeBlocking(fd)
        enable(TCP_NODELAY, level: Int32(IPPROTO_TCP), on: fd)
        return fd
    }

    /// 127.0.0.1:`port`.
    static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return address
    }

    /// Clears O_NONBLOCK; a failure leaves it as it was.
    static func makeBlocking(_ fd: Int32) {
        try? FileDescriptor.setNonBlocking(fd, false)
    }

    /// Turns on a boolean socket option; a failure leaves it off.
    static func enable(_ option: Int32, level: Int32, on fd: Int32) {
        try? SocketCalls.setOption(option, level: level, of: fd, to: Int32(1))
    }
}

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
