import Synchronization

/// A flag one thread raises and another checks now and then.
final class StopSignal: Sendable {
    private let raised = Atomic<Bool>(false)

    func raise() { raised.store(true, ordering: .relaxed) }

    var isRaised: Bool { raised.load(ordering: .relaxed) }
}
