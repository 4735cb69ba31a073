import FeedConcurrency
import FeedPlatform

/// A TCP listener on 127.0.0.1 that never accepts and whose accept queue is full, so that a
/// client's connect() to it is neither completed nor refused: it hangs (the kernel drops the
/// client's SYNs, which it retransmits for about two minutes with the default
/// `net.ipv4.tcp_syn_retries`) until the client's own connect timeout gives up. For
/// connect-timeout tests (`curl --connect-timeout`).
///
/// It listens with a backlog of 0 and connects sockets of its own, one at a time, until the
/// kernel reports the accept queue full (TCP_INFO on a listener: `tcpi_unacked` is the queue's
/// length, `tcpi_sacked` its limit; Linux queues backlog + 1). Linux drops a SYN that finds the
/// accept queue full, SYN cookies or not. `net.ipv4.tcp_abort_on_overflow` is 0 (the default)
/// on the machines this was checked on; it only decides what becomes of a handshake's last ACK
/// that finds the queue full (dropped at 0, answered with RST at 1), which cannot happen to a
/// client that connects after the queue was filled. Linux only.
public final class NeverAcceptingListener: Sendable {
    /// The listening port.
    public let port: UInt16
    /// The listener, then the sockets filling its queue; emptied by `close()`.
    private let sockets: Locked<[Int32]>

    /// Most sockets connected to fill the queue (the kernel needs one).
    private static let maxFillers = 8

    /// Binds an ephemeral port and fills its accept queue. Throws `LoopbackServerError`.
    public init() throws {
        let listener = try Socket.listenLoopback(port: 0, backlog: 0)
        var fds = [listener.fd]
        do {
            while try !Self.acceptQueueIsFull(listener.fd) {
                guard fds.count <= Self.maxFillers else {
                    throw LoopbackServerError(operation: "fill the accept queue of 127.0.0.1:\(listener.port)", code: EAGAIN)
                }
                fds.append(try Socket.connectLoopback(port: listener.port, until: monotonicNow() + 2))
                // The handshake's last ACK reaches the listener's queue on the kernel's time: wait for it.
                let queued = fds.count - 1
                _ = waitUntil(timeout: 2, checkingEvery: 1000) {
                    ((try? Self.acceptQueue(of: listener.fd))?.length ?? 0) >= queued
                }
            }
        } catch {
            for fd in fds.reversed() { FileDescriptor.close(fd) }
            throw error
        }
        port = listener.port
        sockets = Locked(fds)
    }

    deinit {
        close()
    }

    /// "http://127.0.0.1:PORT"
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `baseURL` + `path` (`path` starts with "/").
    public func url(_ path: String) -> String {
        path.hasPrefix("/") || path.isEmpty ? baseURL + path : baseURL + "/" + path
    }

    /// Closes the filling sockets and the listener: connects that still hang are then refused
    /// at their next SYN. Idempotent.
    public func close() {
        let fds = sockets.withLock { fds in
            defer { fds = [] }
            return fds
        }
        for fd in fds.reversed() { FileDescriptor.close(fd) }
    }

    private static func acceptQueueIsFull(_ listener: Int32) throws -> Bool {
        let queue = try acceptQueue(of: listener)
        return queue.length > queue.limit
    }

    /// How many connections wait in `listener`'s accept queue, and its backlog.
    private static func acceptQueue(of listener: Int32) throws -> (length: Int, limit: Int) {
        let info = try LoopbackServerError.attempt("read the accept queue (TCP_INFO)") { () throws(SystemError) in
            try SocketCalls.option(TCP_INFO, level: Int32(IPPROTO_TCP), of: listener, as: tcp_info.self)
        }
        return (Int(info.tcpi_unacked), Int(info.tcpi_sacked))
    }
}
