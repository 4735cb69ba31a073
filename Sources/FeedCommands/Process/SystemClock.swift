import FeedCore
import FeedPlatform

/// The system clock, read the way libc (and faketime) sees it.
public enum SystemClock {
    /// Now, as seconds since the Unix epoch with nanosecond fraction.
    public static func now() -> Timestamp {
        let now = ClockCalls.realtime()
        return Timestamp(seconds: now.seconds, nanoseconds: now.nanoseconds)
    }
}
