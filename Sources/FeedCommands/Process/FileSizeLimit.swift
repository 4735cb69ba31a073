import FeedPlatform

/// Writing past a file-size limit (`ulimit -f`) raises SIGXFSZ, which would
/// kill the command: ignored, the write fails with EFBIG and the cache
/// reports a `saving` error instead.
public enum FileSizeLimit {
    public static func reportInsteadOfCrashing() {
        Signals.ignore([SIGXFSZ])
    }
}
