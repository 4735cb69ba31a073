import FeedPlatform

/// An accepted connection's socket (blocking) as its thread uses it: every wait also
/// watches the server's stop trigger, and every send survives a client that went away.
struct ConnectionSocket {
    let fd: Int32
    /// The server's `StopTrigger.fd`.
    let stop: Int32

    /// Sends every byte; false if the peer went away or the socket was shut down.
    /// `SocketCalls.send` (MSG_NOSIGNAL), not `FileDescriptor.writeAll`: a vanished client
    /// yields EPIPE here, where write() would raise SIGPIPE and end the process.
    func sendAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                try? SocketCalls.send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...]))
            }
            guard let sent, sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Waits until bytes arrive and receives up to `scratch.count` of them into `scratch`: how
    /// many, or nil once the peer closed, the socket failed, the server stopped or `deadline` passed.
    func receive(into scratch: inout [UInt8], until deadline: Double? = nil) -> Int? {
        guard waitReadable(fd, orStop: stop, until: deadline) == .ready else { return nil }
        let count = scratch.withUnsafeMutableBytes { try? SocketCalls.receive(fd, into: $0) }
        guard let count, count > 0 else { return nil }
        return count
    }

    /// Reads (and discards) whatever the client sends until it closes, the server stops
    /// or `deadline` passes.
    func discardIncoming(until deadline: Double? = nil) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while deadline.map({ monotonicNow() < $0 }) ?? true, receive(into: &scratch, until: deadline) != nil {}
    }

    /// FIN first, then read what the client still sends (up to `seconds`, or until stop); the
    /// caller closes after: closing with unread data would turn the FIN into an RST and could
    /// destroy the response.
    func shutDownGracefully(drainingFor seconds: Double) {
        try? SocketCalls.shutDown(fd, Int32(SHUT_WR))
        discardIncoming(until: monotonicNow() + seconds)
    }

    /// Waits until the socket has drained what it sent (acknowledged by the peer), at most `timeout` seconds.
    func waitUntilSent(timeout: Double) {
        _ = waitUntil(timeout: timeout, checkingEvery: 1000) {
            guard let pending = try? SocketCalls.unacknowledgedBytes(fd) else { return true }
            return pending <= 0
        }
    }

    /// Makes the next close() send RST instead of FIN.
    func setAbortiveClose() {
        try? SocketCalls.setOption(SO_LINGER, level: SOL_SOCKET, of: fd, to: linger(l_onoff: 1, l_linger: 0))
    }
}
