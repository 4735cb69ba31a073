import FeedCore

/// The one cursor every fast reader walks with, over a scanner's checked
/// tokens (`JSONScanner`, or `EscapedJSONScanner` in a record's body). It
/// steps into objects and arrays and counts how deep it is itself, so no
/// reader passes a depth: a container opens only below
/// `JSONReader.defaultMaxDepth` open ones, as the reference reader has it.
/// Keys are compared as bytes (`JSONKey`), an escaped one declined or
/// decoded as the reader chooses (`EscapedKeys`); whether a repeated key
/// wins or declines is the reader's named choice too (`RepeatedKeys`).
///
/// A reader is a few lines over it:
///
///     cursor.object(.decline) { cursor, key in
///         if cursor.key(key, is: "id") { … read the value … } else { cursor.skipValue() }
///     }
///
/// Held to the reference by the scanners' differential tests, each
/// reader's own (docs/layout.md, "The readers"), `JSONCursorTests`,
/// and the `json-scanner` fuzz target.
struct JSONCursor<Scanner: JSONTokenScanning> {
    var scanner: Scanner
    /// Containers open around the cursor.
    private(set) var depth: Int

    /// At a document's top-level value.
    @inline(__always) init(_ scanner: Scanner) {
        self.scanner = scanner
        depth = 0
    }

    /// Inside `depth` open containers: only for an envelope reader that
    /// starts again among the items it has entered (`StoredEnvelope`,
    /// `PayloadEnvelope`: a second pass, a thread's share).
    @inline(__always) init(_ scanner: Scanner, inside depth: Int) {
        self.scanner = scanner
        self.depth = depth
    }

    @inline(__always) var index: Int {
        get { scanner.index }
        set { scanner.index = newValue }
    }

    @inline(__always) var base: UnsafeMutablePointer<UInt8> { scanner.base }

    /// The next byte after white space, not consumed.
    @inline(__always) mutating func next() -> UInt8? {
        scanner.skipWhitespace()
        return scanner.peek()
    }

    // MARK: Containers

    /// Into the object at the cursor: true with a member to read, false for
    /// `{}` (then past it), nil if there is no object or it is too deep.
    @inline(__always) mutating func enterObject() -> Bool? {
        enter(0x7B, closing: 0x7D)
    }

    /// Into the array at the cursor: true with an element to read, false
    /// for `[]` (then past it), nil if there is no array or it is too deep.
    @inline(__always) mutating func enterArray() -> Bool? {
        enter(0x5B, closing: 0x5D)
    }

    @inline(__always) private mutating func enter(_ opening: UInt8, closing: UInt8) -> Bool? {
        guard depth < JSONReader.defaultMaxDepth, scanner.consume(opening) else { return nil }
        if scanner.consume(closing) { return false }
        depth += 1
        return true
    }

    /// A member's key and its colon.
    @inline(__always) mutating func key() -> JSONKey? {
        guard let span = scanner.string(), scanner.consume(0x3A) else { return nil }
        return JSONKey(span: span)
    }

    /// After a member: true at a comma (another follows), false at the
    /// object's end (then past it), nil at anything else.
    @inline(__always) mutating func nextField() -> Bool? {
        next(closing: 0x7D)
    }

    /// After an element: true at a comma, false at the array's end (then
    /// past it), nil at anything else.
    @inline(__always) mutating func nextElement() -> Bool? {
        next(closing: 0x5D)
    }

    @inline(__always) private mutating func next(closing: UInt8) -> Bool? {
        if scanner.consume(0x2C) { return true }
        guard scanner.consume(closing) else { return nil }
        depth -= 1
        return false
    }
}

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
