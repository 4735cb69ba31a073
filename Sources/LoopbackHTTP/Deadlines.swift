import FeedPlatform

/// Monotonic seconds, for deadlines.
func monotonicNow() -> Double {
    ClockCalls.monotonicSeconds()
}

/// Milliseconds left until `deadline`, for poll(); clamped to 0...Int32.max.
func millisecondsUntil(_ deadline: Double) -> Int32 {
    let left = (deadline - monotonicNow()) * 1000
    if !(left > 0) { return 0 }
    if left >= Double(Int32.max) { return Int32.max }
    return Int32(left.rounded(.up))
}

/// Checks `done` at once and then every `interval` microseconds until it holds (true) or
/// `timeout` seconds have passed (false): for conditions no descriptor signals.
func waitUntil(timeout: Double, checkingEvery interval: UInt32, _ done: () -> Bool) -> Bool {
    let deadline = monotonicNow() + timeout
    while !done() {
        if monotonicNow() >= deadline { return false }
        ClockCalls.sleep(microseconds: interval)
    }
    return true
}
