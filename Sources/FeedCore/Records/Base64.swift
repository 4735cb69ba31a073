/// Base64 (RFC 4648, the standard alphabet, with padding) for a response
/// record's `body_base64`: written for a body that is not UTF-8, read back
/// strictly (no white space, no other alphabet, padding only at the end).
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Each byte's 6-bit value, or 0xFF for a byte outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    public static func encode(_ bytes: [UInt8]) -> String {
        let length = (bytes.count + 2) / 3 * 4
        return bytes.withUnsafeBufferPointer { input in
            alphabet.withUnsafeBufferPointer { alphabet in
                String(unsafeUninitializedCapacity: length) { out in
                    func letter(_ group: UInt32, _ shift: UInt32) -> UInt8 { alphabet[Int(group >> shift & 0x3F)] }
                    var index = 0, written = 0
                    while input.count - index >= 3 {
                        let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                        out[written] = letter(group, 18)
                        out[written + 1] = letter(group, 12)
                        out[written + 2] = letter(group, 6)
                        out[written + 3] = letter(group, 0)
                        index += 3
                        written += 4
                    }
                    if index < input.count {
                        let second = index + 1 < input.count
                        let group = UInt32(input[index]) << 16 | (second ? UInt32(input[index + 1]) << 8 : 0)
                        out[written] = letter(group, 18)
                        out[written + 1] = letter(group, 12)
                        out[written + 2] = second ? letter(group, 6) : UInt8(ascii: "=")
                        out[written + 3] = UInt8(ascii: "=")
                        written += 4
                    }
                    return written
                }
            }
        }
    }

    /// The bytes `text` encodes, or nil if it is not padded base64 as `encode` writes it.
    public static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { input in
            values.withUnsafeBufferPointer { values in decode(input, values) }
        }
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>, _ values: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard input.count % 4 == 0 else { return nil }
        let padding = input.count == 0 ? 0 : (input[input.count - 1] == UInt8(ascii: "=") ? 1 : 0)
            + (input.count >= 2 && input[input.count - 1] == UInt8(ascii: "=") && input[input.count - 2] == UInt8(ascii: "=") ? 1 : 0)
        var failed = false
        let out = [UInt8](unsafeUninitializedCapacity: input.count / 4 * 3) { out, count in
            var index = 0, written = 0
            while index < input.count {
                let isLast = index + 4 == input.count
                let used = isLast ? 4 - padding : 4
                var group: UInt32 = 0
                var invalid: UInt8 = 0
                for slot in 0..<4 {
                    let value = slot < used ? values[Int(input[index + slot])] : 0
                    invalid |= value
                    group = group << 6 | UInt32(value & 0x3F)
                }
                // 0xFF marks a byte outside the alphabet (`=` too, before the end).
                // The bits a padded group does not use must be zero: one text per
                // byte string (`QR==` is not `QQ==`), as `encode` writes it.
                guard invalid & 0xC0 == 0, used == 4 || group & (used == 3 ? 0xFF : 0xFFFF) == 0 else {
                    failed = true
                    break
                }
                out[written] = UInt8(truncatingIfNeeded: group >> 16)
                if used > 2 { out[written + 1] = UInt8(truncatingIfNeeded: group >> 8) }
                if used > 3 { out[written + 2] = UInt8(truncatingIfNeeded: group) }
                written += used - 1
                index += 4
            }
            count = failed ? 0 : written
        }
        return failed ? nil : out
    }
}
