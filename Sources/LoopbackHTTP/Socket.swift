// Every descriptor is created close-on-exec, so a test that spawns a command
// never leaks a server socket into the child.

import FeedPlatform

/// Setting up the server's sockets: the listener on 127.0.0.1 and each accepted connection
/// (and, in `+Connect`, the proxy's connections to its origins).
enum Socket {
    /// A close-on-exec, non-blocking stream socket (the listener and the stop signal).
    static let nonBlockingStream = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        | Int32(SOCK_NONBLOCK.rawValue)

    /// Creates, binds and listens on 127.0.0.1:`port` with `backlog`. Returns the descriptor and the bound port.
    static func listenLoopback(port: UInt16, backlog: Int32 = SOMAXCONN) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, nonBlockingStream, 0)
        if fd < 0 { throw LoopbackServerError(operation: "create a socket", code: errno) }
        var ok = false
        defer { if !ok { close(fd) } }

        enable(SO_REUSEADDR, level: SOL_SOCKET, on: fd)

        var address = loopbackAddress(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if bound != 0 { throw LoopbackServerError(operation: "bind 127.0.0.1:\(port)", code: errno) }
        if listen(fd, backlog) != 0 {
            throw LoopbackServerError(operation: "listen on 127.0.0.1:\(port)", code: errno)
        }

        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        if named != 0 { throw LoopbackServerError(operation: "read the bound port", code: errno) }
        ok = true
        return (fd, UInt16(bigEndian: actual.sin_port))
    }

    private typealias Accept4 = @convention(c) (
        Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32
    ) -> Int32

    /// accept4 is hidden behind _GNU_SOURCE in the Glibc module; look it up once.
    private static let accept4: Accept4? = {
        guard let symbol = dlsym(nil, "accept4") else { return nil }
        return unsafeBitCast(symbol, to: Accept4.self)
    }()

    /// Accepts one connection as a blocking, close-on-exec socket, or returns -1 with errno set.
    static func acceptConnection(_ listener: Int32) -> Int32 {
        let cloexec = Int32(SOCK_CLOEXEC.rawValue)
        let fd: Int32
        if let accept4 {
            fd = accept4(listener, nil, nil, cloexec)
        } else {
            fd = accept(listener, nil, nil)
            if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        if fd >= 0 {
            // Linux does not pass O_NONBLOCK on to accepted sockets, but be explicit.
            makeBlocking(fd)
            enable(TCP_NODELAY, level: Int32(IPPROTO_TCP), on: fd)
        }
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

    /// Clears O_NONBLOCK.
    static func makeBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 && flags & O_NONBLOCK != 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// Turns on a boolean socket option; a failure leaves it off.
    static func enable(_ option: Int32, level: Int32, on fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, level, option, &one, socklen_t(MemoryLayout<Int32>.size))
    }
}
