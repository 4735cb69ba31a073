import FeedPlatform

/// A seam for the tests of a rewritten input: with the variable set, `save`
/// stops itself (SIGSTOP) once its input is checked and before the cache is
/// written, and goes on when it is continued (SIGCONT). A test rewrites or
/// cuts the input file in between, at that very point, not by a race.
enum SaveCheckpoint {
    static let variable = "FEED_CACHE_TEST_STOP_AFTER_CHECK"

    static func reached(_ environment: (String) -> String?) {
        guard let value = environment(variable), !value.isEmpty else { return }
        Signals.stopSelf()
    }
}
