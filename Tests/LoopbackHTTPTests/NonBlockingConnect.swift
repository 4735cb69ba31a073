import FeedPlatform

/// A client socket whose connect() was started without blocking.
struct NonBlockingConnect {
    let fd: Int32

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        if fd < 0 { throw RawClient.Failure(description: "socket: \(SystemError.current)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 && errno != EINPROGRESS {
            let failure = SystemError.current
            FeedPlatform.close(fd)
            throw RawClient.Failure(description: "connect: \(failure)")
        }
    }

    /// Whether the connect finished (connected or failed) within `seconds`.
    func completes(within seconds: Double) -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
        return poll(&fds, 1, Int32(seconds * 1000)) != 0
    }

    func pendingError() -> Int32 {
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
        return failure
    }

    func close() {
        FeedPlatform.close(fd)
    }
}
