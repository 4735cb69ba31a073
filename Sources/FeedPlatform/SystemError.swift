/// A failed system call's `errno`, kept as a value so that it can be thrown
/// and named later (the next call may change `errno`).
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// The error of the last failed call on this thread.
    public static var current: SystemError { SystemError(code: errno) }

    /// The system's message: "No such file or directory".
    public var description: String { String(cString: strerror(code)) }
}
