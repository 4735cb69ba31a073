extension StandardIO {
    /// Standard error for `feed-fetch -v`, whose lines come from libcurl's
    /// thread: the caller writes one block at a time (its lock), and the
    /// process's stderr, a descriptor and nothing else, may be written from
    /// any thread (as a test's buffer is while only one thread writes it).
    public var errorsFromAnyThread: @Sendable ([UInt8]) -> Void {
        let errors = ErrorsHandle(sink: errors)
        return { errors.sink.write($0) }
    }
}

private struct ErrorsHandle: @unchecked Sendable {
    let sink: ByteSink
}
