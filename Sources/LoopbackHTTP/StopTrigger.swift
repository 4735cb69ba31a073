import FeedPlatform

/// The server's stop trigger: a pair of connected sockets whose read end turns readable, for
/// good, once `fire()` ran. Every wait of the server polls `fd`, so `stop()` wakes them all.
/// (Not FeedFastPath's `StopSignal`, a flag between the mapper's threads.)
struct StopTrigger: Sendable {
    /// The end every wait polls. Never drained.
    let fd: Int32
    private let trigger: Int32

    /// A pair of connected, non-blocking, close-on-exec sockets.
    init() throws(LoopbackServerError) {
        (fd, trigger) = try LoopbackServerError.attempt("create the stop signal") { () throws(SystemError) in
            try SocketCalls.openPair(domain: AF_UNIX, type: Socket.nonBlockingStream)
        }
    }

    /// Makes `fd` readable. Only the first call matters.
    func fire() {
        try? FileDescriptor.writeAll(trigger, [1])
    }

    /// Closes both ends, once no thread waits any more.
    func closeBothEnds() {
        FileDescriptor.close(fd)
        FileDescriptor.close(trigger)
    }
}
