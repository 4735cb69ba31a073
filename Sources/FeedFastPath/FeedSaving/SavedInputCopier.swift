import Dispatch
import FeedPlatform
import Synchronization

/// The copy of a large input into the document's memory (`SavedInputCopy`),
/// made on another thread ahead of the scan: the copying, the faulting in
/// of the memory it lands in (each page cleared by the kernel), and the
/// giving back of the input's pages all happen off the scanning thread. It
/// publishes how far it has copied; the scan reads only what is below that,
/// and writes the document only below where it reads, so the two never
/// touch the same bytes.
final class SavedInputCopier: @unchecked Sendable {
    private let copied = Atomic<Int>(0)
    private let stop = StopSignal()
    private let done = DispatchGroup()

    /// What it copies between two reports of its progress.
    private static let step = 256 << 10

    init(_ input: UnsafeMutablePointer<UInt8>, into copy: UnsafeMutablePointer<UInt8>, count: Int, releasing: Bool) {
        // The addresses as numbers: a pointer is not Sendable.
        let from = Int(bitPattern: input), to = Int(bitPattern: copy)
        DispatchQueue.global().async(group: done) { [self] in
            guard let input = UnsafeMutablePointer<UInt8>(bitPattern: from),
                  let copy = UnsafeMutablePointer<UInt8>(bitPattern: to) else { return }
            var release = InputRelease(base: input, from: 0, enabled: releasing)
            var end = 0
            while end < count, !stop.isRaised {
                let step = min(Self.step, count - end)
                (copy + end).update(from: input + end, count: step)
                end += step
                copied.store(end, ordering: .releasing)
                release.advance(to: end)
            }
        }
    }

    /// Waits until the copy reaches `target` (letting the copying thread
    /// run meanwhile); how far it has come.
    func wait(until target: Int) -> Int {
        while true {
            let end = copied.load(ordering: .acquiring)
            if end >= target { return end }
            ThreadIdentity.yield()
        }
    }

    /// Stops it and waits until it has: then the input and the document's
    /// memory may go.
    func finish() {
        stop.raise()
        done.wait()
    }
}
