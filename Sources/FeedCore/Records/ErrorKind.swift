/// The kinds of failure the contract names, with the exit code of each.
public enum ErrorKind: String, Sendable, CaseIterable {
    case usage
    case invalidData = "invalid-data"
    case notFound = "not-found"
    case expired
    case connectivity
    case retrieval
    case deletion
    case saving

    public var exitCode: Int32 {
        switch self {
        case .usage: return ExitCode.usage
        case .invalidData: return ExitCode.invalidData
        case .notFound, .expired: return ExitCode.notFound
        case .connectivity: return ExitCode.connectivity
        case .retrieval, .deletion, .saving: return ExitCode.ioError
        }
    }
}

/// The exit codes, from sysexits(3), plus the two signal codes of the cancel course.
public enum ExitCode {
    public static let success: Int32 = 0
    public static let usage: Int32 = 64        // EX_USAGE
    public static let invalidData: Int32 = 65  // EX_DATAERR
    public static let notFound: Int32 = 66     // EX_NOINPUT
    public static let connectivity: Int32 = 69 // EX_UNAVAILABLE
    public static let ioError: Int32 = 74      // EX_IOERR
    public static let interrupted: Int32 = 130 // 128 + SIGINT
    public static let terminated: Int32 = 143  // 128 + SIGTERM
}

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
