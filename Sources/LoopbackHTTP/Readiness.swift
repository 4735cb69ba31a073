import FeedPlatform

/// What waiting on a socket together with the server's stop signal saw.
enum Readiness {
    case readable
    case stopped
    /// The deadline passed first.
    case timedOut
    /// poll itself failed (not EINTR, which is retried).
    case failed
}

/// Blocks until `fd` is readable (or hung up), `stop` is signalled, or `deadline` passes
/// (never, if nil). A nil `fd` waits for `stop` alone. The stop signal wins when both are ready.
/// Polls at least once, so a deadline already past still reports a pending stop.
///
/// The one poll loop of the server: every wait (a request, the listener, a delay, a
/// lingering close) goes through it, so `stop()` wakes them all.
func waitReadable(_ fd: Int32?, orStop stop: Int32, until deadline: Double? = nil) -> Readiness {
    var fds = [
        pollfd(fd: fd ?? -1, events: Int16(POLLIN), revents: 0),  // poll ignores a negative fd
        pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
    ]
    while true {
        fds[0].revents = 0
        fds[1].revents = 0
        let ready = poll(&fds, 2, deadline.map(millisecondsUntil) ?? -1)
        if ready < 0 && errno != EINTR { return .failed }
        if ready > 0 {
            if fds[1].revents != 0 { return .stopped }
            if fds[0].revents != 0 { return .readable }
        }
        if let deadline, monotonicNow() >= deadline { return .timedOut }
    }
}
