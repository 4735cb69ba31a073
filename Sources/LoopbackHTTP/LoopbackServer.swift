import FeedPlatform

/// An HTTP/1.1 server on 127.0.0.1 for tests and demos.
///
/// It accepts at once on its own thread and serves every connection on a thread of its own,
/// with keep-alive. `stop()` (also run by `deinit`) closes the listening socket and every
/// connection, hanging ones too, and returns once no server thread touches a socket any more.
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

    /// How many requests asked for `path`. A `path` with a "?" must match the target exactly;
    /// one without matches the target with its query left off.
    public func requestCount(path: String) -> Int {
        let exact = path.contains("?")
        return requests.filter { exact ? $0.path == path : $0.pathWithoutQuery == path }.count
    }

    /// Waits until at least `count` requests have arrived; false if `timeout` seconds pass first.
    @discardableResult
    public func waitForRequests(_ count: Int, timeout: Double) -> Bool {
        let deadline = monotonicNow() + max(0, timeout)
        while core.recordedCount() < count {
            if monotonicNow() >= deadline { return false }
            usleep(2000)
        }
        return true
    }

    /// Closes the listening socket and every open connection, and waits for the server's threads
    /// (a handler that never returns is given up on after a few seconds). Idempotent.
    public func stop() {
        core.stop()
    }
}

/// The state shared by the accept thread and the connection threads. The threads hold it,
/// not the `LoopbackServer`, so dropping the server runs its `deinit` and so `stop()`.
final class ServerCore: @unchecked Sendable {
    let port: UInt16
    let handler: @Sendable (LoopbackRequest) -> LoopbackReply
    /// Readable once `stop()` ran; every wait polls it. Never drained, closed in deinit.
    let stopSignal: Int32
    private let stopTrigger: Int32
    private let listener: Int32

    private let mutex = Mutex()
    private var stopped = false
    private var accepting = false
    /// Connection sockets still open; `stop()` shuts them down, their thread closes them.
    private var openSockets: Set<Int32> = []
    /// Connection threads started and not yet finished.
    private var liveConnections = 0
    /// The pthread of each running connection thread, so that `stop()` called from a handler
    /// does not wait for itself.
    private var connectionThreads: [Int32: pthread_t] = [:]
    private var recorded: [LoopbackRequest] = []

    init(port: UInt16, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws {
        let listening = try Socket.listenLoopback(port: port)
        let signal: (read: Int32, write: Int32)
        do {
            signal = try Socket.makeSignalPair()
        } catch {
            close(listening.fd)
            throw error
        }
        self.listener = listening.fd
        self.port = listening.port
        self.stopSignal = signal.read
        self.stopTrigger = signal.write
        self.handler = handler
    }

    deinit {
        close(stopSignal)
        close(stopTrigger)
    }

    func start() throws {
        mutex.withLock { accepting = true }
        if !spawnThread({ [self] in acceptLoop() }) {
            mutex.withLock { accepting = false }
            close(listener)
            throw LoopbackServerError(operation: "start the accept thread", code: EAGAIN)
        }
    }

    var isStopped: Bool { mutex.withLock { stopped } }

    // MARK: Accepting

    private func acceptLoop() {
        defer {
            close(listener)
            mutex.withLock { accepting = false }
        }
        while true {
            switch waitReadable(listener, orStop: stopSignal) {
            case .stopped: return
            case .failed:
                if waitForStop(seconds: 0.01) { return }
                continue
            case .readable: break
            }
            let connection = Socket.acceptConnection(listener)
            if connection < 0 {
                switch errno {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO:
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
        let admitted = mutex.withLock { () -> Bool in
            if stopped { return false }
            openSockets.insert(fd)
            liveConnections += 1
            return true
        }
        guard admitted else {
            close(fd)
            return
        }
        let connection = Connection(fd: fd, core: self)
        if !spawnThread({ connection.run() }) {
            connectionFinished(fd, closing: true, registeredThread: false)
        }
    }

    // MARK: Connection bookkeeping

    func connectionThreadStarted(_ fd: Int32) {
        mutex.withLock { connectionThreads[fd] = pthread_self() }
    }

    /// Called once by each connection, last thing: deregisters and closes the socket in one step,
    /// so `stop()` never shuts down a descriptor number that was closed and reused.
    func connectionFinished(_ fd: Int32, closing: Bool = true, registeredThread: Bool = true) {
        mutex.withLock {
            openSockets.remove(fd)
            if closing { close(fd) }
            if registeredThread { connectionThreads[fd] = nil }
            liveConnections -= 1
        }
    }

    func record(_ request: LoopbackRequest) {
        mutex.withLock { recorded.append(request) }
    }

    func recordedRequests() -> [LoopbackRequest] {
        mutex.withLock { recorded }
    }

    func recordedCount() -> Int {
        mutex.withLock { recorded.count }
    }

    // MARK: Waiting and stopping

    /// Sleeps up to `seconds`, returning early (true) as soon as the server stops.
    func waitForStop(seconds: Double) -> Bool {
        let deadline = monotonicNow() + (seconds > 0 ? seconds : 0)
        var fds = [pollfd(fd: stopSignal, events: Int16(POLLIN), revents: 0)]
        while true {
            fds[0].revents = 0
            let ready = poll(&fds, 1, millisecondsUntil(deadline))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return isStopped }
            if monotonicNow() >= deadline { return false }
        }
    }

    func stop() {
        let first = mutex.withLock { () -> Bool in
            if stopped { return false }
            stopped = true
            return true
        }
        if first {
            var byte: UInt8 = 1
            _ = write(stopTrigger, &byte, 1)
        }
        // Unblock any thread in send() or recv(); each thread closes its own socket.
        mutex.withLock {
            for fd in openSockets { _ = shutdown(fd, Int32(SHUT_RDWR)) }
        }
        let me = pthread_self()
        let deadline = monotonicNow() + 5
        while true {
            let done = mutex.withLock { () -> Bool in
                let mine = connectionThreads.values.contains { pthread_equal($0, me) != 0 } ? 1 : 0
                return !accepting && liveConnections <= mine
            }
            if done || monotonicNow() >= deadline { return }
            usleep(500)
        }
    }
}
