/// ISO 8601 date-times as the comments API sends them, read with any offset
/// (`Z`, `+00:00`, `+0000`, `-05:30`, `+01`) and with or without fractional
/// seconds; written in UTC with `Z`, to the second.
public enum ISO8601 {
    /// Seconds since the Unix epoch (fractions dropped), or nil if `text` is not
    /// `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH[:]MM|±HH]` with a real calendar date.
    public static func parse(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard bytes.count - index >= digits else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2) else { return nil }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") else { return nil }
        index += 1
        guard let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2) else { return nil }
        if expect(".") || expect(",") {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = number(2) else { return nil }
            var offsetMinutes = 0
            if index < bytes.count {
                _ = expect(":")
                guard let minutes = number(2) else { return nil }
                offsetMinutes = minutes
            }
            guard offsetHours <= 23, offsetMinutes <= 59 else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        guard (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let instant = Int64(days) * 86400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        // `0000-01-01T00:00:00+01:00` is in year -1 in UTC: no four-digit year writes it.
        return fourDigitYears.contains(instant) ? instant : nil
    }

    /// The instants whose UTC year has four digits (0000-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59Z): what `parse` returns, so that `format` writes
    /// every date it read back in the same form.
    public static let fourDigitYears: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// `2020-05-20T11:24:59Z`.
    public static func format(_ seconds: Int64) -> String {
        var days = seconds / 86400
        var rest = seconds % 86400
        if rest < 0 { rest += 86400; days -= 1 }
        let (year, month, day) = civilFromDays(days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var yearText = String(year.magnitude)
        while yearText.count < 4 { yearText = "0" + yearText }
        // Outside 0000–9999 (a cache file's time can be anything): ISO 8601's expanded form.
        if year < 0 { yearText = "-" + yearText } else if year > 9999 { yearText = "+" + yearText }
        return "\(yearText)-\(two(Int64(month)))-\(two(Int64(day)))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    public static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
