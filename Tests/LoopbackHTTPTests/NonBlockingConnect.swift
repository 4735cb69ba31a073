import FeedPlatform

/// A client socket whose connect() was started without blocking.
struct NonBlockingConnect {
    let fd: Int32

    init(port: UInt16) throws {
        do {
            fd = try SocketCalls.open(
                domain: AF_INET, type: Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            )
        } catch {
            throw RawClient.Failure(description: "socket: \(error)")
        }
        do {
            _ = try SocketCalls.connect(fd, to: loopbackAddress(port: port))
        } catch {
            FileDescriptor.close(fd)
            throw RawClient.Failure(description: "connect: \(error)")
        }
    }

    /// Whether the connect finished (connected or failed) within `seconds`.
    func completes(within seconds: Double) -> Bool {
        (try? FileDescriptor.poll(fd, for: Int16(POLLOUT), milliseconds: Int32(seconds * 1000))) != 0
    }

    func pendingError() -> Int32 {
        (try? SocketCalls.pendingError(fd)) ?? 0
    }

    func close() {
        FileDescriptor.close(fd)
    }
}
