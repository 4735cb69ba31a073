extension Signals {
    /// Stops this process (SIGSTOP) until something continues it (SIGCONT):
    /// a test seam's pause at a chosen point, never a disposition change.
    public static func stopSelf() {
        _ = raise(SIGSTOP)
    }
}
