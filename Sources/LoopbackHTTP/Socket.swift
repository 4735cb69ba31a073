// Every descriptor is created close-on-exec, so a test that spawns a command
// never leaks a server socket into the child.

import FeedPlatform

/// Setting up the server's sockets: the listener on 127.0.0.1 and each accepted connection
/// (and, in `+Connect`, the proxy's connections to its origins). The system calls are
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
