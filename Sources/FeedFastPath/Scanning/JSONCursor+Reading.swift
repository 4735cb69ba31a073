import FeedCore

/// What a reader writes with the cursor: an object's members and an
/// array's elements each given to it, any value skipped, a key compared.
extension JSONCursor {
    /// Each member of the object at the cursor: `body` reads its value (the
    /// cursor is past the colon) or returns false to decline. An escaped
    /// key is declined here or given to `body`, as `escapedKeys` says.
    @inline(__always) mutating func object(_ escapedKeys: EscapedKeys,
                                                  _ body: (inout JSONCursor, JSONKey) -> Bool) -> Bool {
        guard var more = enterObject() else { return false }
        while more {
            guard let key = key(), !(key.escaped && escapedKeys == .decline), body(&self, key),
                  let next = nextField() else { return false }
            more = next
        }
        return true
    }

    /// Each element of the array at the cursor: `body` reads it or returns
    /// false to decline.
    @inline(__always) mutating func array(_ body: (inout JSONCursor) -> Bool) -> Bool {
        guard var more = enterArray() else { return false }
        while more {
            guard body(&self), let next = nextElement() else { return false }
            more = next
        }
        return true
    }

    // MARK: Values

    /// Checks and skips any value at the cursor.
    mutating func skipValue() -> Bool {
        guard let byte = next() else { return false }
        if byte == Scanner.stringOpener { return scanner.string() != nil }
        switch byte {
        case 0x7B: return object(.pass) { cursor, _ in cursor.skipValue() }
        case 0x5B: return array { $0.skipValue() }
        case 0x74, 0x66, 0x6E: return scanner.literal(startingWith: byte)
        default: return scanner.number() != nil
        }
    }

    /// Is `key` the name `name`? As bytes; an escaped key is decoded first
    /// (for a reader that passes escaped keys and must know what they spell).
    @inline(__always) func key(_ key: JSONKey, is name: StaticString) -> Bool {
        self.key(key, is: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Is `key` the name whose bytes are `name`? (A schema's field name.)
    @inline(__always) func key(_ key: JSONKey, is name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.escaped else { return scanner.span(key.span, is: name) }
        var decoded: [UInt8] = []
        scanner.decode(key.span, into: &decoded)
        return decoded.elementsEqual(name)
    }
}
