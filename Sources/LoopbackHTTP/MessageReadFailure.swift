/// Why reading a message stopped.
enum MessageReadFailure: Error {
    /// EOF, a socket error or the server stopping: nothing to answer.
    case closed
    /// A malformed or oversized message: the server answers a request with this status, then
    /// closes; the proxy answers an origin's response with 502.
    case reject(Int)
}
