import FeedConcurrency
import FeedPlatform

/// The state shared by the accept thread and the connection threads. The threads hold it,
/// not the `LoopbackServer`, so dropping the server runs its `deinit` and so `stop()`.
final class ServerCore: Sendable {
    let port: UInt16
    let handler: @Sendable (LoopbackRequest) -> LoopbackReply
    /// Fired by `stop()`; every wait polls it. Closed in deinit.
    let stopTrigger: StopTrigger
    private let listener: Int32
    private let state = Locked(ServerState())

    init(port: UInt16, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws {
        let listening = try Socket.listenLoopback(port: port)
        do {
            stopTrigger = try StopTrigger()
        } catch {
            FileDescriptor.close(listening.fd)
            throw error
        }
        self.listener = listening.fd
        self.port = listening.port
        self.handler = handler
    }

    deinit {
        stopTrigger.closeBothEnds()
    }

    func start() throws {
        state.withLock { $0.accepting = true }
        if !DetachedThread.start({ [self] in acceptLoop() }) {
            state.withLock { $0.accepting = false }
            FileDescriptor.close(listener)
            throw LoopbackServerError(operation: "start the accept thread", code: EAGAIN)
        }
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    // MARK: Accepting

    private func acceptLoop() {
        defer {
            FileDescriptor.close(listener)
            state.withLock { $0.accepting = false }
        }
        while true {
            switch waitReadable(listener, orStop: stopTrigger.fd) {
            case .stopped: return
            case .failed, .timedOut:
                if waitForStop(seconds: 0.01) { return }
                continue
            case .ready: break
            }
            let connection: Int32
            do {
                connection = try Socket.acceptConnection(listener)
            } catch {
                switch error.code {
                case EAGAIN, EWOULDBLOCK, ECONNABORTED, EPROTO:
                    continue
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM...: back off a little instead of spinning.
                    if waitForStop(seconds: 0.02) { return }
                    continue
                }
            }
            startConnection(connection)
        }
    }

    private func startConnection(_ fd: Int32) {
        guard state.withLock({ $0.admit(fd) }) else {
            FileDescriptor.close(fd)
            return
        }
        let connection = Connection(fd: fd, core: self)
        if !DetachedThread.start({ connection.run() }) {
            state.withLock { $0.finish(fd, registeredThread: false) }
        }
    }

    // MARK: Connection bookkeeping

    func connectionThreadStarted(_ fd: Int32) {
        state.withLock { $0.connectionThreads[fd] = ThreadIdentity.current }
    }

    /// Called once by each connection, last thing: deregisters and closes the socket.
    func connectionFinished(_ fd: Int32) {
        state.withLock { $0.finish(fd, registeredThread: true) }
    }

    func record(_ request: LoopbackRequest) {
        state.withLock { $0.recorded.append(request) }
    }

    func recordedRequests() -> [LoopbackRequest] {
        state.withLock { $0.recorded }
    }

    func recordedCount() -> Int {
        state.withLock { $0.recorded.count }
    }

    func acceptedConnections() -> Int {
        state.withLock { $0.acceptedConnections }
    }

    // MARK: Waiting and stopping

    /// Marks the server stopped, fires the stop trigger and shuts every connection down, without
    /// waiting for anything. Idempotent.
    func signalStop() {
        if state.withLock({ $0.markStopped() }) { stopTrigger.fire() }
        // Unblock any thread in send() or recv(); each thread closes its own socket.
        state.withLock {
            for fd in $0.openSockets { try? SocketCalls.shutDown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Sleeps up to `seconds`, returning early (true) as soon as the server stops.
    func waitForStop(seconds: Double) -> Bool {
        switch waitReadable(nil, orStop: stopTrigger.fd, until: monotonicNow() + max(seconds, 0)) {
        case .stopped: return true
        case .failed: return isStopped
        case .ready, .timedOut: return false
        }
    }

    /// `signalStop()`, then waits for the server's threads (a few seconds at most).
    func stop() {
        signalStop()
        let me = ThreadIdentity.current
        _ = waitUntil(timeout: 5, checkingEvery: 500) { state.withLock { $0.isIdle(except: me) } }
    }
}
