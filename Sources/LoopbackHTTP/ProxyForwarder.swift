import FeedPlatform

/// `LoopbackProxy`'s handler: forwards one absolute-form request to its loopback origin over
/// a fresh connection and turns the origin's whole response into the reply.
final class ProxyForwarder: Sendable {
    /// How long an origin has to accept the connection before the client gets 502.
    static let connectTimeout = 10.0
    /// The Via value added to the forwarded request and the relayed response.
    static let via = "1.1 loopback-proxy"

    /// Fired by `stop()`; every wait on an origin polls it. Closed in deinit.
    private let stopTrigger: StopTrigger

    init() throws {
        stopTrigger = try StopTrigger()
    }

    deinit {
        stopTrigger.closeBothEnds()
    }

    /// Cuts short every forward in progress and makes every later one fail with 502 (which
    /// nobody sees: the proxy's server is stopped first).
    func stop() {
        stopTrigger.fire()
    }

    func handle(_ request: LoopbackRequest) -> LoopbackReply {
        if request.method == "CONNECT" {
            return .status(501, "CONNECT (tunnels, https) is not supported\n")
        }
        guard let target = ProxyTarget(absoluteForm: request.path) else {
            return .status(400, "expected an absolute-form http:// request target\n")
        }
        guard target.isLoopback else {
            return .status(502, "only 127.0.0.1 and localhost origins are forwarded, not \(target.host)\n")
        }
        let fd: Int32
        do {
            fd = try Socket.connectLoopback(
                port: target.port, orStop: stopTrigger.fd, until: monotonicNow() + Self.connectTimeout
            )
        } catch {
            return .status(502, "\(error)\n")
        }
        defer { FileDescriptor.close(fd) }
        let origin = ConnectionSocket(fd: fd, stop: stopTrigger.fd)
        guard origin.sendAll(ForwardedRequest.bytes(request, to: target, via: Self.via)) else {
            return .status(502, "the origin went away before the request was sent\n")
        }
        var reader = MessageReader(socket: origin)
        guard let response = try? reader.readResponse(to: request.method) else {
            return .status(502, "no complete, well-formed response from the origin\n")
        }
        return .respond(
            status: response.status, headers: response.relayedHeaders + [("Via", Self.via)], body: response.body
        )
    }
}
