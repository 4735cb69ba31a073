import FeedPlatform

/// What waiting on a socket together with a stop trigger saw.
enum Readiness: Equatable {
    /// The socket is ready for what was asked (or hung up, or failed: the next call says which).
    case ready
    case stopped
    /// The deadline passed first.
    case timedOut
    /// poll itself failed (an interruption is no failure: the wait goes on).
    case failed(SystemError)
}

/// Blocks until `fd` is readable (or hung up), `stop` is triggered, or `deadline` passes
/// (never, if nil). A nil `fd` waits for `stop` alone. The stop trigger wins when both are ready.
/// Polls at least once, so a deadline already past still reports a pending stop.
///
/// With `waitWritable`, the one poll loop of the server: every wait (a request, the listener,
/// a delay, a lingering close, the proxy's origin) goes through it, so `stop()` wakes them all.
func waitReadable(_ fd: Int32?, orStop stop: Int32, until deadline: Double? = nil) -> Readiness {
    waitReady(fd, for: Int16(POLLIN), orStop: stop, until: deadline)
}

/// As `waitReadable`, for writability (a non-blocking connect completing or failing).
/// A negative `stop` is never triggered.
func waitWritable(_ fd: Int32, orStop stop: Int32, until deadline: Double? = nil) -> Readiness {
    waitReady(fd, for: Int16(POLLOUT), orStop: stop, until: deadline)
}

private func waitReady(_ fd: Int32?, for events: Int16, orStop stop: Int32, until deadline: Double?) -> Readiness {
    var fds = [
        pollfd(fd: fd ?? -1, events: events, revents: 0),  // poll ignores a negative fd
        pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
    ]
    while true {
        let ready: Int
        do {
            ready = try Poll.wait(&fds, milliseconds: deadline.map(millisecondsUntil) ?? -1)
        } catch {
            return .failed(error)
        }
        if ready > 0 {
            if fds[1].revents != 0 { return .stopped }
            if fds[0].revents != 0 { return .ready }
        }
        if let deadline, monotonicNow() >= deadline { return .timedOut }
    }
}
