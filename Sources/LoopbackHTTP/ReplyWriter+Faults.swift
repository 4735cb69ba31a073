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
