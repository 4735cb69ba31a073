import FeedPlatform

/// The server's stop signal: a pair of connected sockets whose read end turns readable, for
/// good, once `fire()` ran. Every wait of the server polls `fd`, so `stop()` wakes them all.
struct StopSignal: Sendable {
    /// The end every wait polls. Never drained.
    let fd: Int32
    private let trigger: Int32

    /// A pair of connected, non-blocking, close-on-exec sockets.
    init() throws {
        var fds: [Int32] = [-1, -1]
        if socketpair(AF_UNIX, Socket.nonBlockingStream, 0, &fds) != 0 {
            throw LoopbackServerError(operation: "create the stop signal", code: errno)
        }
        fd = fds[0]
        trigger = fds[1]
    }

    /// Makes `fd` readable. Only the first call matters.
    func fire() {
        try? FileDescriptor.writeAll(trigger, [1])
    }

    /// Closes both ends, once no thread waits any more.
    func closeBothEnds() {
        close(fd)
        close(trigger)
    }
}
