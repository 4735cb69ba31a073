import FeedCore

/// When a wait for input ends: `milliseconds` after it began, by a clock
/// that may jump (the system's). A wait is never longer than the whole
/// allowance, whatever the clock does.
struct StallDeadline {
    let start: Timestamp
    let milliseconds: Int

    init(_ start: Timestamp, milliseconds: Int) {
        self.start = start
        self.milliseconds = milliseconds
    }

    /// What is left of the allowance at `now`, from 0 to all of it.
    func milliseconds(leftAt now: Timestamp) -> Int {
        let elapsed = now.nanoseconds(since: start) / 1_000_000
        return min(max(milliseconds &- Int(clamping: elapsed), 0), milliseconds)
    }
}
