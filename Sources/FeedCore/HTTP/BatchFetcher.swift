import Dispatch
import FeedConcurrency

/// Fetches many URLs, `concurrency` at a time, and hands the results back in
/// input order as soon as each one's turn comes (so output streams).
public final class BatchFetcher: Sendable {
    /// What became of one target.
    public enum Outcome: Equatable, Sendable {
        case response(ResponseRecord)
        /// A failure that starts here (connectivity, size limit, bad URL).
        case failed(ErrorRecord)
        /// An error record from an earlier stage, to write on unchanged.
        case passedOn(ErrorRecord)
    }

    private let client: HTTPClient
    private let concurrency: Int

    public init(client: HTTPClient, concurrency: Int) {
        self.client = client
        self.concurrency = max(1, concurrency)
    }

    /// Runs every target; calls `deliver` on the calling thread, in order.
    /// If `deliver` throws, the run ends there (transfers under way are left
    /// to finish unheard).
    public func run(_ targets: [FetchTarget], deliver: (Outcome) throws -> Void) rethrows {
        let state = Locked(State(slots: Array(repeating: nil, count: targets.count)))
        let ready = DispatchSemaphore(value: 0)

        // Starts target `index`. Targets that need no fetch finish at once: the
        // next one is started by this loop, never by recursion. A GET that
        // completed before `get` returned (a client that works on the caller's
        // thread, or fails a URL before any I/O) leaves the next target to the
        // delivery loop below: such a client then fetches only as fast as the
        // output is delivered, and memory stays bounded.
        @Sendable func launch(_ index: Int) {
            var current: Int? = index
            while let index = current {
                switch targets[index] {
                case .passOn(let record):
                    current = finish(index, .passedOn(record))
                case .invalid(let url, let error):
                    current = finish(index, .failed(ErrorRecord(url: url, error)))
                case .url(let url):
                    let handoff = Handoff()
                    client.get(url, forInput: index + 1) { result in
                        let outcome: Outcome
                        switch result {
                        case .success(let response):
                            outcome = .response(ResponseRecord(url: url, status: response.status, headers: response.headers, body: response.body))
                        case .failure(let error):
                            outcome = .failed(ErrorRecord(url: url, error))
                        }
                        let next = finish(index, outcome)
                        if handoff.completedInside(next: next) { return }
                        if let next { launch(next) }
                    }
                    if let next = handoff.leave() {
                        state.withLock { $0.deferred.append(next) }
                        ready.signal()
                    }
                    current = nil
                }
            }
        }

        /// Stores an outcome; returns the next target to start, if any is left.
        @Sendable func finish(_ index: Int, _ outcome: Outcome) -> Int? {
            let next: Int? = state.withLock { state in
                state.slots[index] = outcome
                guard state.launched < targets.count else { return nil }
                state.launched += 1
                return state.launched - 1
            }
            ready.signal()
            return next
        }

        let first = min(concurrency, targets.count)
        state.withLock { $0.launched = first }
        for index in 0..<first { launch(index) }

        for index in targets.indices {
            var outcome: Outcome? = nil
            while outcome == nil {
                var deferred: Int? = nil
                outcome = state.withLock { state in
                    let slot = state.slots[index]
                    state.slots[index] = nil // free the body as soon as it is delivered
                    if slot == nil, !state.deferred.isEmpty { deferred = state.deferred.removeFirst() }
                    return slot
                }
                if outcome != nil { break }
                if let deferred { launch(deferred) } else { ready.wait() }
            }
            if let outcome { try deliver(outcome) }
        }
    }

    private struct State {
        var slots: [Outcome?]
        var launched = 0
        /// Targets whose start was left to the delivery loop.
        var deferred: [Int] = []
    }

    /// Tells a completion that ran while `get` had not yet returned (on the
    /// launching thread) to leave the next target to the launching loop.
    private final class Handoff: Sendable {
        private let state = Locked((inside: true, completed: false, next: Int?.none))

        /// From the completion: true if the launcher will start `next`.
        func completedInside(next: Int?) -> Bool {
            state.withLock { state in
                guard state.inside else { return false }
                state.completed = true
                state.next = next
                return true
            }
        }

        /// From the launcher, once `get` returned: the next target to start
        /// if the completion already ran (and so left it to the launcher).
        func leave() -> Int? {
            state.withLock { state in
                state.inside = false
                return state.completed ? state.next : nil
            }
        }
    }
}
