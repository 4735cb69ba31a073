import FeedCore

/// For a store that no cancel course watches (tests, tools that are not commands).
public struct UnwatchedTemporaryFiles: TemporaryFileRegistry {
    public init() {}
    public func register(_ path: String) {}
    public func forget(_ path: String) {}
    public func publish(_ path: String, by rename: () throws(ToolError) -> Void) throws(ToolError) { try rename() }
}
