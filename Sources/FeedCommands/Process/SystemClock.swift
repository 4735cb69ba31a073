import FeedCore
import FeedPlatform

/// The system clock, read the way libc (and faketime) sees it.
public enum SystemClock {
    /// Now, as seconds since the Unix epoch with nanosecond fraction.
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(seconds: Int64(spec.tv_sec), nanoseconds: Int64(spec.tv_nsec))
    }
}
