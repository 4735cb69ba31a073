/// Input bytes not yet taken as records: filled at the end, taken from the
/// start. It grows to hold the largest record, and gives a large room back
/// once it is mostly empty, so that memory follows the record at hand.
struct RecordBuffer {
    /// The least room a fill is given.
    static let chunk = 1 << 16
    /// Above this size, a room that is three quarters empty is given back.
    static let large = 1 << 22

    private var storage: [UInt8] = []
    private var start = 0
    private var end = 0

    /// How many bytes have come and not been taken.
    var count: Int { end - start }

    /// Lets `read` put the next bytes after the ones held; how many came.
    mutating func fill<Failure: Error>(_ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int) throws(Failure) -> Int {
        makeRoom()
        var failure: Failure?
        let from = end
        let count = storage.withUnsafeMutableBytes { raw -> Int in
            do throws(Failure) {
                return try read(UnsafeMutableRawBufferPointer(rebasing: raw[from...]))
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        end += min(max(count, 0), storage.count - from)
        return count
    }

    /// Runs `body` on the bytes held, in order.
    func withBytes<T, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> T) throws(Failure) -> T {
        try storage.withUnsafeBufferPointer { [start, end] (all) throws(Failure) -> T in try body(UnsafeBufferPointer(rebasing: all[start..<end])) }
    }

    /// Lets the first `count` bytes go.
    mutating func take(_ count: Int) {
        start += min(count, self.count)
        if start == end { (start, end) = (0, 0) }
        if storage.count > RecordBuffer.large, self.count <= storage.count / 4 {
            move(toSize: max(RecordBuffer.chunk * 2, self.count * 2))
        }
    }

    /// At least `chunk` bytes of room after the end: the bytes held moved to
    /// the front when that frees half the room or more, else a room twice as large.
    private mutating func makeRoom() {
        guard storage.count - end < RecordBuffer.chunk else { return }
        if start > 0, count <= storage.count / 2 {
            let (start, end) = (self.start, self.end)
            storage.withUnsafeMutableBytes { room in
                room.copyMemory(from: UnsafeRawBufferPointer(rebasing: room[start..<end])) // memmove: they may overlap
            }
            (self.start, self.end) = (0, end - start)
        } else {
            move(toSize: max(storage.count * 2, count + RecordBuffer.chunk))
        }
    }

    /// The bytes held, at the front of a new room of `size` bytes (left
    /// uninitialised past them, so that room not yet filled costs no memory).
    private mutating func move(toSize size: Int) {
        let (start, end) = (self.start, self.end)
        let old = storage
        storage = []
        storage = [UInt8](unsafeUninitializedCapacity: size) { room, initialized in
            old.withUnsafeBufferPointer { held in
                _ = room.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: held[start..<end]))
            }
            initialized = size
        }
        (self.start, self.end) = (0, end - start)
    }
}
