/// A store failure that already knows which kind it is (for example a
/// `deletion` failure after a successful replace).
public struct StoreError: Error, Equatable, Sendable {
    public var kind: ErrorKind
    public var reason: String

    public init(_ kind: ErrorKind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }
}
