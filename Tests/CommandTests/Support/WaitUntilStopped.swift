import Foundation

/// Waits (a minute at most: the machine may be busy) until `pid` is
/// stopped; false if it never is.
func waitUntilStopped(_ pid: pid_t) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        if state == "T" { return true }
        if state == "Z" || state == "X" { return false }
        usleep(2_000)
    }
    return false
}
