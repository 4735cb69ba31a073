import FeedPlatform

/// The store's flushes, shared by every directory it opens, each made once:
/// after a flush fails, what was written may be lost without a trace (the
/// kernel may have dropped the pages it could not write), so no flush is
/// tried again and every later one fails as the first did.
final class Flush {
    private let calls: FlushCalls
    private var failure: SystemError?

    init(_ calls: FlushCalls) {
        self.calls = calls
    }

    /// fsync(2) of file or directory `fd`.
    func file(_ fd: Int32) throws(SystemError) {
        try make { calls.file(fd) }
    }

    /// syncfs(2) of the file system that holds `fd`; false where there is
    /// none (the caller then flushes each file).
    func fileSystem(of fd: Int32) throws(SystemError) -> Bool {
        guard let call = calls.fileSystem else { return false }
        try make { call(fd) }
        return true
    }

    private func make(_ call: () -> Int32) throws(SystemError) {
        if let failure { throw failure }
        do {
            _ = try SystemCall.value(retryOnInterrupt: false, call)
        } catch {
            failure = error
            throw error
        }
    }
}
