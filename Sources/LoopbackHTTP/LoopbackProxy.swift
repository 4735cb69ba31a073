/// A small HTTP/1.1 forward proxy on 127.0.0.1 for tests, as curl's `http_proxy` uses one.
///
/// A client sends absolute-form requests ("GET http://127.0.0.1:8080/feed HTTP/1.1"). For each,
/// the proxy opens a fresh connection to the origin, which must be 127.0.0.1 or localhost
/// (anything else gets 502 and is never connected to; an origin that refuses or does not answer
/// well also gets 502), sends the request in origin form with the Host of the URL, without the
/// hop-by-hop headers (Connection, Keep-Alive, Proxy-Connection, Proxy-Authorization, TE,
/// Trailer, Transfer-Encoding, Upgrade and whatever Connection names), with
/// "Via: 1.1 loopback-proxy" and "Connection: close"; reads the whole response (Content-Length,
/// chunked or up to the close) and relays it with the same status, headers (hop-by-hop ones
/// removed, Via added) and body. A chunked or close-delimited body is relayed de-chunked with a
/// Content-Length; the reason phrase is the standard one for the status.
///
/// The client's connection to the proxy is kept alive as `LoopbackServer` keeps its own (it is
/// one underneath, with the same threads, parsing and `stop()`); the origin side is not, so an
/// origin `LoopbackServer`'s `connectionCount` grows by one per proxied request. Responses are
/// buffered whole, so a slow or dripping origin body reaches the client all at once.
/// CONNECT gets 501; an origin-form request ("GET /path") gets 400.
public final class LoopbackProxy: Sendable {
    /// The bound (ephemeral) port.
    public let port: UInt16
    private let core: ServerCore
    private let forwarder: ProxyForwarder

    /// Binds 127.0.0.1 on an ephemeral port and starts accepting at once.
    /// Throws `LoopbackServerError` if no socket or thread can be made.
    public init() throws {
        let forwarder = try ProxyForwarder()
        let core = try ServerCore(port: 0) { forwarder.handle($0) }
        try core.start()
        self.core = core
        self.forwarder = forwarder
        self.port = core.port
    }

    deinit {
        stop()
    }

    /// "http://127.0.0.1:PORT", the value for `http_proxy`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The request targets the proxy was asked for, in arrival order: the absolute URLs
    /// ("http://127.0.0.1:8080/feed"), the refused and malformed ones too.
    public var requests: [String] { core.recordedRequests().map(\.path) }

    /// How many client connections the proxy has accepted since it started.
    public var connectionCount: Int { core.acceptedConnections() }

    /// Waits until at least `count` requests have arrived; false if `timeout` seconds pass first.
    @discardableResult
    public func waitForRequests(_ count: Int, timeout: Double) -> Bool {
        waitUntil(timeout: max(0, timeout), checkingEvery: 2000) { core.recordedCount() >= count }
    }

    /// Cuts short every forward in progress, closes the listening socket and every client
    /// connection, and waits for the proxy's threads, as `LoopbackServer.stop()`. Idempotent.
    public func stop() {
        // Stopped first, so that a forward cut short answers nobody.
        core.signalStop()
        forwarder.stop()
        core.stop()
    }
}
