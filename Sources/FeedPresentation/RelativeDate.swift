import FeedCore

/// "3 days ago", "in 2 hours", "just now": a date against the clock, for people.
/// The largest whole unit wins (seconds, minutes, hours, days, weeks, then
/// calendar months and years), as the case study's presenter shows it.
public enum RelativeDate {
    public static func describe(_ date: Int64, relativeTo now: Int64) -> String {
        let past = date <= now
        let earlier = min(date, now), later = max(date, now)
        let seconds = later - earlier
        let phrase: String
        if seconds < 1 {
            return "just now"
        } else if seconds < 60 {
            phrase = count(seconds, "second")
        } else if seconds < 3600 {
            phrase = count(seconds / 60, "minute")
        } else if seconds < 86400 {
            phrase = count(seconds / 3600, "hour")
        } else if seconds < 7 * 86400 {
            phrase = count(seconds / 86400, "day")
        } else {
            let months = wholeMonths(from: earlier, to: later)
            if months < 1 {
                phrase = count(seconds / (7 * 86400), "week")
            } else if months < 12 {
                phrase = count(Int64(months), "month")
            } else {
                phrase = count(Int64(months / 12), "year")
            }
        }
        return past ? "\(phrase) ago" : "in \(phrase)"
    }

    private static func count(_ value: Int64, _ unit: String) -> String {
        value == 1 ? "1 \(unit)" : "\(value) \(unit)s"
    }

    /// Whole calendar months between two instants, in UTC.
    static func wholeMonths(from earlier: Int64, to later: Int64) -> Int {
        func split(_ seconds: Int64) -> (year: Int64, month: Int, rest: Int64) {
            var days = seconds / 86400
            var time = seconds % 86400
            if time < 0 { time += 86400; days -= 1 }
            let civil = ISO8601.civilFromDays(days)
            return (civil.year, civil.month, Int64(civil.day) * 86400 + time)
        }
        let a = split(earlier), b = split(later)
        var months = Int(b.year - a.year) * 12 + (b.month - a.month)
        if b.rest < a.rest { months -= 1 }
        return max(months, 0)
    }
}
