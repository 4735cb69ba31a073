// Small wrappers over the Glibc socket, poll and pthread calls the server uses.
// Every descriptor is created close-on-exec, so a test that spawns a command
// never leaks a server socket into the child.

import FeedPlatform

// MARK: - Errors

/// Why a `LoopbackServer` could not start.
public struct LoopbackServerError: Error, CustomStringConvertible, Sendable {
    /// The failing step, e.g. "bind 127.0.0.1:8080".
    public let operation: String
    /// The `errno` value the system call left.
    public let code: Int32

    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// The system's message for `code`, e.g. "Address already in use".
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "cannot \(operation): \(reason)" }
}

// MARK: - Lock

/// A pthread mutex on the heap (a Swift struct would move it).
final class Mutex: @unchecked Sendable {
    private let raw: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        raw = .allocate(capacity: 1)
        raw.initialize(to: pthread_mutex_t())
        pthread_mutex_init(raw, nil)
    }

    deinit {
        pthread_mutex_destroy(raw)
        raw.deinitialize(count: 1)
        raw.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(raw)
        defer { pthread_mutex_unlock(raw) }
        return try body()
    }
}

// MARK: - Threads

private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Starts a detached pthread running `body`. Returns false if no thread could be made.
func spawnThread(_ body: @escaping () -> Void) -> Bool {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let result = pthread_create(&thread, &attributes, { context in
        guard let context else { return nil }
        let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
        body.run()
        return nil
    }, context)
    if result != 0 {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return false
    }
    return true
}

// MARK: - Time

/// Monotonic seconds, for deadlines.
func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000
}

/// What waiting on a socket together with the server's stop signal saw.
enum Readiness {
    case readable
    case stopped
    /// poll itself failed (not EINTR, which is retried).
    case failed
}

/// Blocks until `fd` is readable (or hung up) or `stop` is signalled.
func waitReadable(_ fd: Int32, orStop stop: Int32) -> Readiness {
    var fds = [
        pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
    ]
    while true {
        fds[0].revents = 0
        fds[1].revents = 0
        if poll(&fds, 2, -1) < 0 {
            if errno == EINTR { continue }
            return .failed
        }
        if fds[1].revents != 0 { return .stopped }
        if fds[0].revents != 0 { return .readable }
    }
}

/// Milliseconds left until `deadline`, for poll(); clamped to 0...Int32.max.
func millisecondsUntil(_ deadline: Double) -> Int32 {
    let left = (deadline - monotonicNow()) * 1000
    if !(left > 0) { return 0 }
    if left >= Double(Int32.max) { return Int32.max }
    return Int32(left.rounded(.up))
}

// MARK: - Sockets

enum Socket {
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let cloexec = Int32(SOCK_CLOEXEC.rawValue)
    static let nonblock = Int32(SOCK_NONBLOCK.rawValue)

    /// Creates, binds and listens on 127.0.0.1:`port`. Returns the descriptor and the bound port.
    static func listenLoopback(port: UInt16) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, streamType | cloexec | nonblock, 0)
        if fd < 0 { throw LoopbackServerError(operation: "create a socket", code: errno) }
        var ok = false
        defer { if !ok { close(fd) } }

        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if bound != 0 { throw LoopbackServerError(operation: "bind 127.0.0.1:\(port)", code: errno) }
        if listen(fd, SOMAXCONN) != 0 {
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
        let fd: Int32
        if let accept4 {
            fd = accept4(listener, nil, nil, cloexec)
        } else {
            fd = accept(listener, nil, nil)
            if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
        if fd >= 0 {
            // Linux does not pass O_NONBLOCK on to accepted sockets, but be explicit.
            let flags = fcntl(fd, F_GETFL)
            if flags >= 0 && flags & O_NONBLOCK != 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        return fd
    }

    /// A pair of connected, non-blocking, close-on-exec descriptors (used as a wake-up signal).
    static func makeSignalPair() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        if socketpair(AF_UNIX, streamType | cloexec | nonblock, 0, &fds) != 0 {
            throw LoopbackServerError(operation: "create the stop signal", code: errno)
        }
        return (fds[0], fds[1])
    }

    /// Sends every byte; false if the peer went away or the socket was shut down.
    /// MSG_NOSIGNAL: a vanished client yields EPIPE here, never SIGPIPE.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            if sent == 0 { return false }
            offset += sent
        }
        return true
    }

    /// Waits until the socket has drained what it sent (acknowledged by the peer), at most `timeout` seconds.
    static func waitUntilSent(_ fd: Int32, timeout: Double) {
        let deadline = monotonicNow() + timeout
        while monotonicNow() < deadline {
            var pending: Int32 = 0
            if ioctl(fd, UInt(TIOCOUTQ), &pending) != 0 || pending <= 0 { return }
            usleep(1000)
        }
    }

    /// Makes the next close() send RST instead of FIN.
    static func setAbortiveClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }
}
