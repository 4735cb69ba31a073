/// Reads the fields of an HTTP date from left to right: each read either
/// matches what comes next and moves past it, or fails and leaves the place.
struct HTTPDateScanner {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var atEnd: Bool { index == bytes.count }

    /// True, having moved past it, if `text` comes next (exactly, case included).
    mutating func literal(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard bytes[index...].starts(with: expected) else { return false }
        index += expected.count
        return true
    }

    /// The place, from 1, in `words` of the word that comes next.
    mutating func word(_ words: [String]) -> Int? {
        for (offset, word) in words.enumerated() where literal(word) { return offset + 1 }
        return nil
    }

    /// Exactly `digits` decimal digits.
    mutating func number(_ digits: Int) -> Int? {
        guard bytes.count - index >= digits else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    /// `HH:MM:SS`, each two digits (not yet checked against the clock's ranges).
    mutating func time() -> (hour: Int, minute: Int, second: Int)? {
        guard let hour = number(2), literal(":"), let minute = number(2), literal(":"), let second = number(2) else { return nil }
        return (hour, minute, second)
    }
}
