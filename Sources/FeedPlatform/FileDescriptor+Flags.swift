/// The status flags of an open descriptor (fcntl F_GETFL / F_SETFL).
extension FileDescriptor {
    /// Sets or clears O_NONBLOCK, leaving the other status flags as they are
    /// (no call when the flag is already as asked).
    public static func setNonBlocking(_ fd: Int32, _ nonBlocking: Bool) throws(SystemError) {
        let flags = try SystemCall.value { fcntl(fd, F_GETFL) }
        let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        if wanted != flags { _ = try SystemCall.value { fcntl(fd, F_SETFL, wanted) } }
    }
}
