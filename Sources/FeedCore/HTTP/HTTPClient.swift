import Dispatch

/// "System downloads data from the URL." Any HTTP status is a response; only a
/// transport failure is an error (`connectivity`), and so is a body over the
/// size limit (`invalid-data`).
public protocol HTTPClient: Sendable {
    /// Starts a GET of `url`; calls `completion` exactly once, on any thread.
    func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void)
    /// Waits on the caller's thread until a completion signals `signal`. A
    /// client that does its work on the caller's thread, rather than on one
    /// of its own, does it here (and calls completions here).
    func wait(for signal: DispatchSemaphore)
}

extension HTTPClient {
    public func wait(for signal: DispatchSemaphore) {
        signal.wait()
    }
}
