/// A member's key where it stands: its bytes between the quotes, and
/// whether they hold an escape (then they are not its name as they stand).
struct JSONKey {
    let span: JSONSpan

    @inline(__always) var escaped: Bool { span.escaped }
}

/// What a reader does with a key spelt with escapes, which could spell any
/// name: declines it (the reference reader then answers), or is given it,
/// to decode (`JSONCursor.key(_:is:)`) or to pass over as no name it reads.
enum EscapedKeys {
    case decline
    case pass
}

/// What a reader does when a key it reads comes again in one object: the
/// last one wins, as the reference reader has it (`JSONObject`), or it
/// declines, for the reference to answer.
enum RepeatedKeys {
    case lastWins
    case decline
}

/// The keys a reader has read in one object, by their place in its own
/// list (at most 64), held to its `RepeatedKeys` choice.
struct SeenKeys {
    private var seen: UInt64 = 0
    private let repeated: RepeatedKeys

    @inline(__always) init(_ repeated: RepeatedKeys) {
        self.repeated = repeated
    }

    /// Notes the key at `place`; false if it came before and repeats decline.
    @inline(__always) mutating func admit(_ place: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(place)
        defer { seen |= bit }
        return repeated == .lastWins || seen & bit == 0
    }
}
