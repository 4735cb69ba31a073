/// A thread, as pthread_self(3) names it; compared with pthread_equal(3)
/// (a pthread_t is opaque: its bits are not its identity everywhere).
public struct ThreadIdentity: Equatable, @unchecked Sendable {
    private let thread: pthread_t

    /// The calling thread.
    public static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

    /// sched_yield(2): lets another thread run on this core, for one that
    /// waits on another's progress.
    public static func yield() {
        _ = sched_yield()
    }

    public static func == (left: ThreadIdentity, right: ThreadIdentity) -> Bool {
        pthread_equal(left.thread, right.thread) != 0
    }
}
