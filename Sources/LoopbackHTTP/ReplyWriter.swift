/// Carries out the handler's `LoopbackReply` on a connection and says how the connection goes on.
struct ReplyWriter {
    let socket: ConnectionSocket
    /// For waits that `stop()` cuts short.
    let core: ServerCore

    func perform(_ reply: LoopbackReply, for request: LoopbackRequest, keepAlive: Bool) -> ConnectionEnding {
        switch reply {
        case let .respond(status, headers, body):
            let response = FramedResponse(
                status: status, headers: headers, body: body, request: request, keepAlive: keepAlive
            )
            return response.ending(sent: socket.sendAll(response.head + response.body))

        case let .delayed(seconds, then):
            if core.waitForStop(seconds: seconds) { return .closeNow }
            return perform(then, for: request, keepAlive: keepAlive)

        case .hang:
            socket.discardIncoming()
            return .closeNow

        case let .resetMidBody(status, headers, body, sentBytes):
            return resetMidBody(status: status, headers: headers, body: body, sentBytes: sentBytes)

        case let .truncated(status, headers, body, declaredLength):
            return truncated(status: status, headers: headers, body: body, declaredLength: declaredLength)

        case let .drip(status, headers, body, bytesPerChunk, interval):
            let response = FramedResponse(
                status: status, headers: headers, body: body, request: request, keepAlive: keepAlive
            )
            return drip(response, bytesPerChunk: bytesPerChunk, interval: interval)

        case .closeWithoutResponse:
            return .closeGracefully

        case let .raw(bytes):
            return .closing(sent: socket.sendAll(bytes))
        }
    }

    /// Answers a request that could not be read: `status` with a one-line text body, then close.
    func reject(status: Int) -> ConnectionEnding {
        let body = Array("\(status) \(LoopbackReply.reasonPhrase(for: status))\n".utf8)
        let head = ResponseHead.bytes(status: status, headers: [
            ("Content-Type", "text/plain"),
            ("Content-Length", "\(body.count)"),
            ("Connection", "close"),
        ])
        return .closing(sent: socket.sendAll(head + body))
    }
}
