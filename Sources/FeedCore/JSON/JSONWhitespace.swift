/// JSON's white space (RFC 8259): space, tab, line feed, carriage return.
/// The one place it is spelled; every reader and scanner asks here.
public enum JSONWhitespace {
    @inline(__always)
    public static func contains(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
