import FeedPlatform

/// An HTTP/1.1 server on 127.0.0.1 for tests and demos.
///
/// It accepts at once on its own thread and serves every connection on a thread of its own,
/// with keep-alive: an idle connection stays open, however long, until the client closes it
/// (or sends "Connection: close", or is HTTP/1.0 without "Connection: keep-alive"), a reply
/// closes it, or the server stops; there is no idle timeout. `stop()` (also run by `deinit`)
/// closes the listening socket and every connection, hanging ones too, and returns once no
/// server thread touches a socket any more.
public final class LoopbackServer: @unchecked Sendable {
    /// The bound port (the ephemeral one the system chose when asked for 0).
    public let port: UInt16
    private let core: ServerCore

    /// Binds 127.0.0.1 on an ephemeral port and starts accepting at once.
    public convenience init(handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws {
        try self.init(port: 0, handler: handler)
    }

    /// Binds 127.0.0.1:`port` (0 = ephemeral) and starts accepting at once.
    /// Throws `LoopbackServerError` if the port is busy or no socket or thread can be made.
    public init(port: UInt16, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws {
        let core = try ServerCore(port: port, handler: handler)
        try core.start()
        self.core = core
        self.port = core.port
    }

    deinit {
        core.stop()
    }

    /// "http://127.0.0.1:PORT"
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `baseURL` + `path` (`path` starts with "/").
    public func url(_ path: String) -> String {
        path.hasPrefix("/") || path.isEmpty ? baseURL + path : baseURL + "/" + path
    }

    /// Every request received so far, in arrival order (a snapshot).
    public var requests: [LoopbackRequest] { core.recordedRequests() }

    /// How many TCP connections the server has accepted since it started: with keep-alive, a
    /// client that sends several requests on one connection counts once.
    public var connectionCount: Int { core.acceptedConnections() }

    /// How many requests asked for `path`. A `path` with a "?" must match the target exactly;
    /// one without matches the target with its query left off.
    public func requestCount(path: String) -> Int {
        let exact = path.contains("?")
        return requests.filter { exact ? $0.path == path : $0.pathWithoutQuery == path }.count
    }

    /// Waits until at least `count` requests have arrived; false if `timeout` seconds pass first.
    @discardableResult
    public func waitForRequests(_ count: Int, timeout: Double) -> Bool {
        waitUntil(timeout: max(0, timeout), checkingEvery: 2000) { core.recordedCount() >= count }
    }

    /// Closes the listening socket and every open connection, and waits for the server's threads
    /// (a handler that never returns is given up on after a few seconds). Idempotent.
    public func stop() {
        core.stop()
    }
}
