import FeedPlatform

/// Why a `LoopbackServer` could not start.
public struct LoopbackServerError: Error, CustomStringConvertible, Sendable {
    /// The failing step, e.g. "bind 127.0.0.1:8080".
    public let operation: String
    /// The `errno` value the system call left.
    public let code: Int32

    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// The system's message for `code`, e.g. "Address already in use".
    public var reason: String { SystemError(code: code).description }

    public var description: String { "cannot \(operation): \(reason)" }

    /// `call`'s value; its `SystemError` thrown as the failure of `operation`.
    static func attempt<T>(_ operation: String, _ call: () throws(SystemError) -> T) throws(LoopbackServerError) -> T {
        do {
            return try call()
        } catch {
            throw LoopbackServerError(operation: operation, code: error.code)
        }
    }
}
