import Dispatch
import FeedPlatform

/// The pages of a large document's mapping faulted in (each cleared by the
/// kernel) on another thread, ahead of the copy that fills them, so that
/// clearing them costs the save no time where a second core is free.
/// Faulting a page in keeps what it holds, so the two never race on bytes.
final class SavedDocumentPrefault: Sendable {
    private let stop = StopSignal()
    private let done = DispatchGroup()

    private static let step = 8 << 20

    init(_ base: UnsafeMutablePointer<UInt8>, length: Int) {
        // The address as a number: a pointer is not Sendable.
        let address = Int(bitPattern: base)
        DispatchQueue.global().async(group: done) { [stop] in
            guard let start = UnsafeMutableRawPointer(bitPattern: address) else { return }
            var offset = 0
            while offset < length, !stop.isRaised {
                let step = min(Self.step, length - offset)
                MemoryMapping.populate(start + offset, length: step)
                offset += step
            }
        }
    }

    /// Stops it and waits until it has: then the mapping may be unmapped.
    func finish() {
        stop.raise()
        done.wait()
    }
}
