/// A store's failure as the cache use cases report it: a `ToolError` as it
/// is, a `StoreError` with the kind it already knows, anything else as the
/// kind of what was being done.
enum CacheFailure {
    static func wrapping(_ error: Error, default kind: ErrorKind, _ what: String) -> ToolError {
        if let error = error as? ToolError { return error }
        if let error = error as? StoreError { return ToolError(error.kind, "\(what): \(error.reason)") }
        return ToolError(kind, "\(what): \(error)")
    }
}
