import FeedPlatform

/// What the accept thread, the connection threads and `stop()` share, behind `ServerCore`'s mutex.
struct ServerState {
    var stopped = false
    var accepting = false
    /// Connection sockets still open; `stop()` shuts them down, their thread closes them.
    var openSockets: Set<Int32> = []
    /// Connection threads started and not yet finished.
    var liveConnections = 0
    /// The thread of each running connection thread, so that `stop()` called from a handler
    /// does not wait for itself.
    var connectionThreads: [Int32: ThreadIdentity] = [:]
    /// Every connection accepted since the start, the ones turned away at stop too.
    var acceptedConnections = 0
    /// Every request received so far, in arrival order.
    var recorded: [LoopbackRequest] = []

    /// Marks the server stopped; true only the first time.
    mutating func markStopped() -> Bool {
        if stopped { return false }
        stopped = true
        return true
    }

    /// Counts a just-accepted socket and registers it and its coming thread; false once the
    /// server stopped.
    mutating func admit(_ fd: Int32) -> Bool {
        acceptedConnections += 1
        if stopped { return false }
        openSockets.insert(fd)
        liveConnections += 1
        return true
    }

    /// Deregisters a connection and closes its socket in one step, so `stop()` never shuts
    /// down a descriptor number that was closed and reused.
    mutating func finish(_ fd: Int32, registeredThread: Bool) {
        openSockets.remove(fd)
        FileDescriptor.close(fd)
        if registeredThread { connectionThreads[fd] = nil }
        liveConnections -= 1
    }

    /// Whether no server thread runs any more, apart from `thread` itself when it is a
    /// connection's (`stop()` called from a handler).
    func isIdle(except thread: ThreadIdentity) -> Bool {
        let mine = connectionThreads.values.contains(thread) ? 1 : 0
        return !accepting && liveConnections <= mine
    }
}
