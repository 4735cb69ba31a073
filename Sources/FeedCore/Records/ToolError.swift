/// A failure that ends one record (or the whole command): its kind and a
/// message that names what failed.
public struct ToolError: Error, Equatable, Sendable, CustomStringConvertible {
    public var kind: ErrorKind
    public var message: String
    /// When the server asked not to be asked again before (a 429 or 503's
    /// `Retry-After`, as an instant): carried by the error record for
    /// `feed-cache save` to remember.
    public var notBefore: Timestamp?

    public init(_ kind: ErrorKind, _ message: String, notBefore: Timestamp? = nil) {
        self.kind = kind
        self.message = message
        self.notBefore = notBefore
    }

    public var description: String { message }
}
