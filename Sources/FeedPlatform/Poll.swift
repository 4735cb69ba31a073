/// poll(2) over several descriptors at once (`FileDescriptor.poll` waits on one).
public enum Poll {
    /// Waits up to `milliseconds` (-1: for ever) for the events each entry
    /// asks for; each entry's `revents` is cleared first, then set to what
    /// came. How many entries have events: 0 when the time ran out or a
    /// signal came first (never retried: the caller, who keeps the deadline,
    /// looks again). Throws what else made poll fail. An entry with a
    /// negative descriptor is ignored.
    public static func wait(_ entries: inout [pollfd], milliseconds: Int32) throws(SystemError) -> Int {
        for index in entries.indices { entries[index].revents = 0 }
        do {
            let ready = try entries.withUnsafeMutableBufferPointer { (buffer) throws(SystemError) -> Int32 in
                try SystemCall.value(retryOnInterrupt: false) {
                    poll(buffer.baseAddress, nfds_t(buffer.count), milliseconds)
                }
            }
            return Int(ready)
        } catch where SystemCall.wasInterrupted(error) {
            return 0
        }
    }
}
