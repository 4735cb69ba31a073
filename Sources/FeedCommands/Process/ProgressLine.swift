import FeedCore

/// A one-line progress report on stderr for people watching a batch: only when
/// stderr is a terminal, redrawn in place, erased at the end. No colour.
public final class ProgressLine {
    private let tool: String
    private let errors: ByteSink
    private let total: Int
    private var shown = false

    /// Nil unless stderr is a terminal and there is more than one item.
    public init?(tool: String, total: Int, errors: ByteSink) {
        guard errors.isTerminal, total > 1 else { return nil }
        self.tool = tool
        self.errors = errors
        self.total = total
    }

    public func update(done: Int, bytes: Int) {
        shown = true
        errors.write("\r\u{1B}[K\(tool): \(done)/\(total) done, \(ProgressLine.describe(bytes: bytes))")
    }

    /// Erases the line, before another message or at the end.
    public func clear() {
        guard shown else { return }
        shown = false
        errors.write("\r\u{1B}[K")
    }

    public static func describe(bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
