/// A failure that ends one record (or the whole command): its kind and a
/// message that names what failed.
public struct ToolError: Error, Equatable, Sendable, CustomStringConvertible {
    public var kind: ErrorKind
    public var message: String

    public init(_ kind: ErrorKind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
