/// An object key compared and hashed by its UTF-8 bytes.
struct ExactKey: Hashable {
    var string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { lhs.string.hasSameUTF8(as: rhs.string) }

    func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
