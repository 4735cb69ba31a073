/// Serves one accepted socket on its own thread: reads requests, records them, asks the
/// handler, writes replies, until the client or the reply closes the connection or the server stops.
final class Connection {
    private let socket: ConnectionSocket
    private let core: ServerCore
    private var reader: MessageReader
    private let writer: ReplyWriter

    init(fd: Int32, core: ServerCore) {
        socket = ConnectionSocket(fd: fd, stop: core.stopTrigger.fd)
        self.core = core
        reader = MessageReader(socket: socket)
        writer = ReplyWriter(socket: socket, core: core)
    }

    func run() {
        core.connectionThreadStarted(socket.fd)
        switch serve() {
        case .keepAlive, .closeNow:
            break
        case .closeGracefully:
            socket.shutDownGracefully(drainingFor: 1)
        case .reset:
            socket.setAbortiveClose()
        }
        core.connectionFinished(socket.fd)
    }

    private func serve() -> ConnectionEnding {
        while !core.isStopped {
            let request: LoopbackRequest
            do {
                request = try reader.readRequest()
            } catch .reject(let status) {
                return writer.reject(status: status)
            } catch {
                return .closeNow
            }
            core.record(request)
            let reply = core.handler(request)
            if core.isStopped { return .closeNow }
            let ending = writer.perform(reply, for: request, keepAlive: request.keepsConnectionAlive)
            if case .keepAlive = ending { continue }
            return ending
        }
        return .closeNow
    }
}
