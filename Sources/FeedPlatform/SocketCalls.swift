/// The socket calls the other targets make (the loopback test server, its
/// proxy and their tests), each through `SystemCall`: interrupted calls are
/// retried, but connect, whose interruption leaves the connection going on.
/// IPv4 only: every address is a `sockaddr_in`.
public enum SocketCalls {
    /// socket(2): a new socket; `type` may carry SOCK_CLOEXEC and SOCK_NONBLOCK.
    public static func open(domain: Int32, type: Int32, protocol: Int32 = 0) throws(SystemError) -> Int32 {
        try SystemCall.value { socket(domain, type, `protocol`) }
    }

    /// socketpair(2): two connected sockets; `type` may carry SOCK_CLOEXEC and SOCK_NONBLOCK.
    public static func openPair(domain: Int32, type: Int32) throws(SystemError) -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        _ = try SystemCall.value { socketpair(domain, type, 0, &fds) }
        return (fds[0], fds[1])
    }

    /// bind(2) to `address`.
    public static func bind(_ fd: Int32, to address: sockaddr_in) throws(SystemError) {
        var address = address
        _ = try SystemCall.value {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bindSocket(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    /// listen(2) with room for `backlog` connections not yet accepted.
    public static func listen(_ fd: Int32, backlog: Int32) throws(SystemError) {
        _ = try SystemCall.value { listenOn(fd, backlog) }
    }

    /// getsockname(2): the address the socket is bound to (the port the
    /// system chose for port 0).
    public static func localAddress(of fd: Int32) throws(SystemError) -> sockaddr_in {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = try SystemCall.value {
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
        }
        return address
    }

    /// accept(2) of one connection, the new socket close-on-exec (accept4
    /// where the C library has it, else accept then FD_CLOEXEC). On a
    /// non-blocking listener with nothing waiting, throws EAGAIN.
    public static func accept(_ listener: Int32) throws(SystemError) -> Int32 {
        if let accept4 {
            return try SystemCall.value { accept4(listener, nil, nil, Int32(SOCK_CLOEXEC.rawValue)) }
        }
        let fd = try SystemCall.value { acceptOn(listener) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }

    /// connect(2) to `address`: true once connected, false while the
    /// connection goes on in the background (EINPROGRESS on a non-blocking
    /// socket; EINTR, on any socket, means the same: the connect is not
    /// retried, which would fail with EALREADY). The caller then waits for
    /// the socket to be writable and reads `pendingError`.
    public static func connect(_ fd: Int32, to address: sockaddr_in) throws(SystemError) -> Bool {
        var address = address
        do {
            _ = try SystemCall.value(retryOnInterrupt: false) {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connectTo(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
            return true
        } catch where error.code == EINPROGRESS || SystemCall.wasInterrupted(error) {
            return false
        }
    }

    /// The socket's pending error (SO_ERROR), 0 if none: how a connect that
    /// went on in the background ended.
    public static func pendingError(_ fd: Int32) throws(SystemError) -> Int32 {
        try option(SO_ERROR, level: SOL_SOCKET, of: fd, as: Int32.self)
    }

    /// One send(2) of up to `bytes.count` bytes; how many went. MSG_NOSIGNAL
    /// is always added: a peer that went away is EPIPE, never SIGPIPE.
    public static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, flags: Int32 = 0) throws(SystemError) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        return try SystemCall.value { sendOn(fd, base, bytes.count, flags | Int32(MSG_NOSIGNAL)) }
    }

    /// One recv(2) into `buffer`: what is there (waiting for something on a
    /// blocking socket), up to `buffer.count` bytes; 0 once the peer closed.
    public static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, flags: Int32 = 0) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        return try SystemCall.value { recv(fd, base, buffer.count, flags) }
    }

    /// shutdown(2): SHUT_RD, SHUT_WR or SHUT_RDWR. Wakes a thread blocked in
    /// send or recv on the socket.
    public static func shutDown(_ fd: Int32, _ how: Int32) throws(SystemError) {
        _ = try SystemCall.value { shutdown(fd, how) }
    }

    /// getsockopt(2) of option `name` at `level`, read as a `T`, a plain C value (Int32, tcp_info...).
    public static func option<T>(_ name: Int32, level: Int32, of fd: Int32, as type: T.Type) throws(SystemError) -> T {
        let value = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        defer { value.deallocate() }
        value.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
        var length = socklen_t(MemoryLayout<T>.size)
        _ = try SystemCall.value { getsockopt(fd, level, name, value, &length) }
        return value.load(as: T.self)
    }

    /// setsockopt(2) of option `name` at `level` to `value`, a plain C value (an Int32 flag, a linger...).
    public static func setOption<T>(_ name: Int32, level: Int32, of fd: Int32, to value: T) throws(SystemError) {
        _ = try withUnsafeBytes(of: value) { (raw) throws(SystemError) in
            try SystemCall.value { setsockopt(fd, level, name, raw.baseAddress, socklen_t(raw.count)) }
        }
    }

    /// How many bytes sent on `fd` the peer has not acknowledged yet
    /// (ioctl TIOCOUTQ).
    public static func unacknowledgedBytes(_ fd: Int32) throws(SystemError) -> Int32 {
        var pending: Int32 = 0
        _ = try SystemCall.value { ioctl(fd, UInt(TIOCOUTQ), &pending) }
        return pending
    }

    private typealias Accept4 = @convention(c) (
        Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32
    ) -> Int32

    /// accept4(2), which the Glibc module hides behind _GNU_SOURCE, looked up once.
    private static let accept4: Accept4? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "accept4").map {
        unsafeBitCast($0, to: Accept4.self)
    }
}

// The C library's functions, named from outside the enum (inside it, `bind`,
// `listen`, `accept`, `connect` and `send` are the methods above).
private func bindSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(fd, address, length)
}
private func listenOn(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func acceptOn(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
private func connectTo(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}
private func sendOn(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}
