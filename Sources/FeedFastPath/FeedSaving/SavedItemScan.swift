import FeedCore
import FeedPlatform

/// One item as `FastFeedSave` takes it: a flat object written exactly as the
/// cache would write it back (no white space, no key twice, every string's
/// escapes those the writer uses, values strings, numbers, `true`, `false`
/// or `null`), with a UUID `id` and an absolute `url`, as `LocalFeedItem`
/// checks them. Its bytes can then be stored as they stand.
struct SavedItemScan {
    init() {}

    private var keys: [JSONSpan] = []
    private var scratch: [UInt8] = []
    private static let idKey = Array(FeedItemField.id.name.utf8)
    private static let urlKey = Array(FeedItemField.url.name.utf8)

    /// The decoded `url` of the item last scanned, after a scan that took it.
    var url: [UInt8] { scratch }

    /// Scans the item at the cursor; its id as a number, or nil to decline.
    mutating func scan(_ scanner: inout JSONScanner) -> UInt128? {
        guard scanner.peek() == 0x7B else { return nil }
        scanner.index += 1
        keys.removeAll(keepingCapacity: true)
        var id: UInt128?
        var url = false
        while true {
            guard scanner.peek() == 0x22, let key = scanner.string(), !key.escaped, scanner.peek() == 0x3A,
                  isNew(key, scanner) else { return nil }
            scanner.index += 1
            guard let value = Self.value(&scanner) else { return nil }
            if Self.idKey.withUnsafeBufferPointer({ scanner.span(key, is: $0) }) {
                guard let string = value, !string.escaped else { return nil }
                let text = UnsafeBufferPointer(start: scanner.base + string.start, count: string.count)
                guard Identifiers.isUUID(text) else { return nil }
                id = Self.number(ofUUID: text)
            } else if Self.urlKey.withUnsafeBufferPointer({ scanner.span(key, is: $0) }) {
                guard let string = value else { return nil }
                scanner.decode(string, into: &scratch)
                guard scratch.withUnsafeBufferPointer(Identifiers.isAbsoluteURL) else { return nil }
                url = true
            }
            guard scanner.peek() == 0x2C else { break }
            scanner.index += 1
        }
        guard scanner.peek() == 0x7D, url else { return nil }
        scanner.index += 1
        return id
    }

    /// Is `key` not among the item's keys so far? (Then it is one of them.)
    private mutating func isNew(_ key: JSONSpan, _ scanner: JSONScanner) -> Bool {
        guard keys.count < 32 else { return false }
        for other in keys where other.count == key.count && memcmp(scanner.base + other.start, scanner.base + key.start, key.count) == 0 {
            return false
        }
        keys.append(key)
        return true
    }

    /// A value at the cursor, with no white space before it: a string's
    /// span (escaped only as the writer escapes), `.some(nil)` for a number
    /// or literal; nil for anything else (an object, an array).
    private static func value(_ scanner: inout JSONScanner) -> JSONSpan?? {
        switch scanner.peek() {
        case 0x22?:
            guard let span = scanner.string(), CanonicalEscapes.hold(in: span, scanner) else { return nil }
            return .some(span)
        case 0x2D?, (0x30...0x39)?:
            return scanner.number() == nil ? nil : .some(nil)
        case 0x74?, 0x66?, 0x6E?:
            return scanner.skipValue() ? .some(nil) : nil
        default:
            return nil
        }
    }

    /// The 128 bits a UUID's 32 hex digits spell, in either case.
    private static func number(ofUUID text: UnsafeBufferPointer<UInt8>) -> UInt128 {
        var value: UInt128 = 0
        for byte in text where byte != 0x2D {
            value = value << 4 | UInt128((byte & 0x0F) &+ (byte >> 6) &* 9)
        }
        return value
    }
}
