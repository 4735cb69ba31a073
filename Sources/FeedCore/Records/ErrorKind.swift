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
    case deferred

    public var exitCode: Int32 {
        switch self {
        case .usage: return ExitCode.usage
        case .invalidData: return ExitCode.invalidData
        case .notFound, .expired: return ExitCode.notFound
        case .connectivity: return ExitCode.connectivity
        case .retrieval, .deletion, .saving: return ExitCode.ioError
        case .deferred: return ExitCode.deferred
        }
    }
}
