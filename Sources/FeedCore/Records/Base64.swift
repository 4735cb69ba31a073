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
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for slot in 0..<4 {
                out.append(slot <= count ? alphabet[Int(group >> (18 - 6 * slot) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil if it is not padded base64 as `encode` writes it.
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            var padding = 0
            if isLast {
                if input[index + 3] == UInt8(ascii: "=") { padding += 1 }
                if padding == 1 && input[index + 2] == UInt8(ascii: "=") { padding += 1 }
            }
            var group: UInt32 = 0
            for slot in 0..<4 {
                let value = slot < 4 - padding ? values[Int(input[index + slot])] : 0
                guard value != 0xFF else { return nil }
                group = group << 6 | UInt32(value)
            }
            // The bits a padded group does not use must be zero: one text per
            // byte string (`QR==` is not `QQ==`), as `encode` writes it.
            guard padding == 0 || group & (padding == 1 ? 0xFF : 0xFFFF) == 0 else { return nil }
            out.append(UInt8(group >> 16 & 0xFF))
            if padding < 2 { out.append(UInt8(group >> 8 & 0xFF)) }
            if padding < 1 { out.append(UInt8(group & 0xFF)) }
            index += 4
        }
        return out
    }
}
