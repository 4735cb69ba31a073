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

/// The replies that misbehave on purpose, for the network fault tests.
extension ReplyWriter {
    /// The head with Content-Length = full body size, `sentBytes` of the body, then RST.
    func resetMidBody(status: Int, headers: [(String, String)], body: [UInt8], sentBytes: Int) -> ConnectionEnding {
        let head = ResponseHead.bytes(
            status: status, headers: ResponseHead.replacingContentLength(headers, with: body.count)
        )
        let count = min(max(sentBytes, 0), body.count)
        if socket.sendAll(head + body.prefix(count)) {
            // Let what was sent reach the client before the RST discards our send queue.
            socket.waitUntilSent(timeout: 0.2)
        }
        return .reset
    }

    /// The head with Content-Length = `declaredLength`, the (shorter) body, then FIN.
    func truncated(status: Int, headers: [(String, String)], body: [UInt8], declaredLength: Int) -> ConnectionEnding {
        let head = ResponseHead.bytes(
            status: status, headers: ResponseHead.replacingContentLength(headers, with: declaredLength)
        )
        return .closing(sent: socket.sendAll(head + body))
    }

    /// The head at once, then the body `bytesPerChunk` at a time, each chunk after a pause of
    /// `interval` seconds (cut short by `stop()`).
    func drip(_ response: FramedResponse, bytesPerChunk: Int, interval: Double) -> ConnectionEnding {
        guard socket.sendAll(response.head) else { return .closeNow }
        let step = max(bytesPerChunk, 1)
        var offset = 0
        while offset < response.body.count {
            if interval > 0 && core.waitForStop(seconds: interval) { return .closeNow }
            let end = min(offset + step, response.body.count)
            guard socket.sendAll(Array(response.body[offset..<end])) else { return .closeNow }
            offset = end
        }
        return response.ending(sent: true)
    }
}
