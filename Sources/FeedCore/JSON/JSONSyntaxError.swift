/// Why a JSON text could not be read, and where.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    /// Byte offset into the input where reading stopped.
    public var offset: Int

    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "\(reason) at byte \(offset)" }
}
