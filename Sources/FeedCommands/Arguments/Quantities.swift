import FeedCore

/// Parsers for the values of options and environment variables.
public enum Quantities {
    /// `90s`, `15m`, `36h`, `7d`, `1d12h`: a sum of whole numbers with units.
    /// A bare number, an empty string or an unknown unit is nil.
    public static func duration(_ text: String) -> Int64? {
        var total: Int64 = 0
        var number: Int64? = nil
        var sawUnit = false
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                let (times, overflow1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int64(digit))
                guard !overflow1, !overflow2 else { return nil }
                number = sum
                continue
            }
            let scale: Int64
            switch character {
            case "s": scale = 1
            case "m": scale = 60
            case "h": scale = 3600
            case "d": scale = 86400
            default: return nil
            }
            guard let value = number else { return nil }
            let (seconds, overflow1) = value.multipliedReportingOverflow(by: scale)
            let (sum, overflow2) = total.addingReportingOverflow(seconds)
            guard !overflow1, !overflow2 else { return nil }
            total = sum
            number = nil
            sawUnit = true
        }
        guard sawUnit, number == nil else { return nil }
        return total
    }

    /// A byte count: `1048576`, or with a binary suffix `512K`, `64M`, `1G`.
    public static func byteCount(_ text: String) -> Int? {
        var digits = Substring(text)
        var scale = 1
        if let last = digits.last, !last.isNumber {
            switch last {
            case "k", "K": scale = 1 << 10
            case "m", "M": scale = 1 << 20
            case "g", "G": scale = 1 << 30
            default: return nil
            }
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: scale)
        return overflow ? nil : bytes
    }

    /// Seconds as a positive decimal: `5`, `0.5`, `30`.
    public static func seconds(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(text), value > 0, value.isFinite else { return nil }
        return value
    }

    /// Digits only (no sign, no space), as a whole number that fits.
    public static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    /// `64M`, `1G`, `1048576`: a byte count as the user would write it.
    public static func describeBytes(_ bytes: Int) -> String {
        for (suffix, shift) in [("G", 30), ("M", 20), ("K", 10)] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(suffix)"
        }
        return String(bytes)
    }

    /// `0.001`, `86400`: seconds as the user would write them.
    public static func describeSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}
