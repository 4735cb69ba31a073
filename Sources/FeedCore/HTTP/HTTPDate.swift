/// An HTTP date (RFC 9110, section 5.6.7) as the seconds since the Unix epoch
/// it names, in any of the three forms a recipient must read:
/// `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate, what servers send),
/// `Sunday, 06-Nov-94 08:49:37 GMT` (obsolete RFC 850) and
/// `Sun Nov  6 08:49:37 1994` (obsolete asctime). Names are matched as the RFC
/// spells them, case included; the day of the week is not checked against the
/// date; the date must be a real one (second 60, a leap second, is allowed).
enum HTTPDate {
    static func seconds(_ text: String, now: Timestamp) -> Int64? {
        imfFixdate(text) ?? rfc850(text, now: now) ?? asctime(text)
    }

    private static func imfFixdate(_ text: String) -> Int64? {
        var scan = HTTPDateScanner(text)
        guard scan.word(HTTPDateScanner.days) != nil, scan.literal(", "), let day = scan.number(2), scan.literal(" "),
              let month = scan.word(HTTPDateScanner.months), scan.literal(" "), let year = scan.number(4), scan.literal(" "),
              let time = scan.time(), scan.literal(" GMT"), scan.atEnd else { return nil }
        return seconds(year: year, month: month, day: day, time)
    }

    /// A two-digit year is taken in the century of `now`, unless that puts it
    /// more than 50 years ahead of `now`: then in the century before (the RFC's rule).
    private static func rfc850(_ text: String, now: Timestamp) -> Int64? {
        var scan = HTTPDateScanner(text)
        guard scan.word(HTTPDateScanner.longDays) != nil, scan.literal(", "), let day = scan.number(2), scan.literal("-"),
              let month = scan.word(HTTPDateScanner.months), scan.literal("-"), let twoDigits = scan.number(2), scan.literal(" "),
              let time = scan.time(), scan.literal(" GMT"), scan.atEnd else { return nil }
        let today = now.seconds >= 0 ? now.seconds / 86400 : (now.seconds - 86399) / 86400
        let currentYear = Int(ISO8601.civilFromDays(today).year)
        var year = currentYear - currentYear % 100 + twoDigits
        if year > currentYear + 50 { year -= 100 }
        return seconds(year: year, month: month, day: day, time)
    }

    /// The day of the month is two digits, or a space and one digit.
    private static func asctime(_ text: String) -> Int64? {
        var scan = HTTPDateScanner(text)
        guard scan.word(HTTPDateScanner.days) != nil, scan.literal(" "), let month = scan.word(HTTPDateScanner.months), scan.literal(" "),
              let day = scan.literal(" ") ? scan.number(1) : scan.number(2), scan.literal(" "),
              let time = scan.time(), scan.literal(" "), let year = scan.number(4), scan.atEnd else { return nil }
        return seconds(year: year, month: month, day: day, time)
    }

    private static func seconds(year: Int, month: Int, day: Int, _ time: (hour: Int, minute: Int, second: Int)) -> Int64? {
        guard (1...ISO8601.daysInMonth(year: year, month: month)).contains(day),
              time.hour <= 23, time.minute <= 59, time.second <= 60 else { return nil }
        let days = Int64(ISO8601.daysFromCivil(year: year, month: month, day: day))
        return days * 86400 + Int64(time.hour * 3600 + time.minute * 60 + time.second)
    }
}
