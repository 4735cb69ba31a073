import Dispatch
import FeedCore

/// `CachedFeedItems.forEachTexts` over many items: a helper thread reads the
/// items' text spans (`ItemTextsReader`) a batch ahead, while the caller's
/// thread writes them, so that reading and writing overlap. The batches go
/// round a ring: the reader fills one only once the writer is done with it,
/// so memory is the ring, not the feed. A writer that stops (its output
/// gone) stops the reader before it returns.
final class ItemTextsAhead: @unchecked Sendable {
    private final class Batch {
        var spans: [ItemTextSpans] = []
        var decoded: [UInt8] = []
        /// The reader found nothing more to read after these.
        var isLast = false
        /// The reader stopped short of the count the first pass found.
        var cutShort = false
    }

    private let base: UnsafeMutablePointer<UInt8>
    private let reader: ItemTextsReader
    private let count: Int
    private let ring = (0..<ItemTextsAhead.depth).map { _ in Batch() }
    private let filled = DispatchSemaphore(value: 0)
    /// Made at 0 and signalled once for each batch: libdispatch traps on a
    /// semaphore that ends below the value it was made with.
    private let emptied = DispatchSemaphore(value: 0)
    private let stop = StopSignal()

    static var depth: Int { 4 }
    static var batchSize: Int { 1024 }

    init(_ reader: ItemTextsReader, base: UnsafeMutablePointer<UInt8>, count: Int) {
        (self.reader, self.base, self.count) = (reader, base, count)
        for _ in ring { emptied.signal() }
    }

    /// Calls `body` with each item's texts, in order, on this thread; false
    /// if the reader stopped short of the first pass's count.
    func forEach<E: Error>(_ body: (FeedItemTextBytes) throws(E) -> Void) throws(E) -> Bool {
        var cutShort = false
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { self.read() }
        do throws(E) {
            var index = 0
            while true {
                filled.wait()
                let batch = ring[index % Self.depth]
                try batch.decoded.withUnsafeBufferPointer { (decoded) throws(E) in
                    for spans in batch.spans { try body(spans.bytes(in: base, decoded: decoded.baseAddress)) }
                }
                if batch.isLast {
                    cutShort = batch.cutShort
                    break
                }
                emptied.signal()
                index += 1
            }
        } catch {
            stop.raise()
            emptied.signal() // a reader waiting for a batch wakes, and sees the stop
            reading.wait()
            throw error
        }
        reading.wait()
        return !cutShort
    }

    /// The helper thread: fills the ring's batches in turn.
    private func read() {
        // Locals, filled and handed back once a batch: each access to a
        // class's stored property would be checked for exclusivity.
        var reader = self.reader
        var remaining = count, index = 0
        while true {
            emptied.wait()
            if stop.isRaised { return }
            let batch = ring[index % Self.depth]
            var spans = batch.spans, decoded = batch.decoded
            (batch.spans, batch.decoded) = ([], [])
            spans.removeAll(keepingCapacity: true)
            decoded.removeAll(keepingCapacity: true)
            var ended = false
            for _ in 0..<min(Self.batchSize, remaining) {
                guard let item = reader.next(decodingInto: &decoded) else { ended = true; break }
                spans.append(item)
            }
            remaining -= spans.count
            (batch.spans, batch.decoded) = (spans, decoded)
            batch.isLast = ended || remaining == 0
            batch.cutShort = ended
            filled.signal()
            if batch.isLast { return }
            index += 1
        }
    }
}
