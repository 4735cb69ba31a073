/// clock_gettime(2) and usleep(3): the two clocks the package reads, and its
/// one way to pause a thread.
public enum ClockCalls {
    /// CLOCK_REALTIME: seconds and nanoseconds since the Unix epoch, as libc
    /// (and faketime) sees them.
    public static func realtime() -> (seconds: Int64, nanoseconds: Int64) {
        read(CLOCK_REALTIME)
    }

    /// CLOCK_MONOTONIC: seconds since an unspecified start, for deadlines.
    public static func monotonicSeconds() -> Double {
        let now = read(CLOCK_MONOTONIC)
        return Double(now.seconds) + Double(now.nanoseconds) / 1_000_000_000
    }

    /// Pauses the calling thread about `microseconds` (less when a signal's
    /// handler ran meanwhile: callers that sleep look again anyway).
    public static func sleep(microseconds: UInt32) {
        _ = usleep(microseconds)
    }

    private static func read(_ clock: clockid_t) -> (seconds: Int64, nanoseconds: Int64) {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return (Int64(spec.tv_sec), Int64(spec.tv_nsec))
    }
}
