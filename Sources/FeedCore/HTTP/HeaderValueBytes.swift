/// What a request header's value may hold to be sent: no control byte at
/// all (C0, U+0000–U+001F, the tab included, and DEL), so that a value can
/// never end a header line, start another, or be cut short by a NUL. The one
/// rule for `-H` values, the validators a cache keeps, and the last check
/// before a header is handed to libcurl.
public enum HeaderValueBytes {
    public static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    /// Whether `bytes` hold no control byte.
    public static func areSendable<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        !bytes.contains(where: isControl)
    }
}
