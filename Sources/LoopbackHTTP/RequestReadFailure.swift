/// Why reading a request stopped.
enum RequestReadFailure: Error {
    /// EOF, a socket error or the server stopping: nothing to answer.
    case closed
    /// A malformed or oversized request: answer with this status, then close.
    case reject(Int)
}
