import FeedConcurrency
import Dispatch
import FeedCore
import FeedPlatform

/// FeedCore's `HTTPClient` over libcurl's multi interface: every transfer of
/// a run on one thread that sleeps in `curl_multi_poll` until there is work,
/// connections kept and reused (at most `concurrency` to a host, and never
/// more than six, a host's transfers held back while it asked to wait:
/// `CurlHostPauses`; where the
/// server offers HTTP/2 over TLS, one connection to a host that all the
/// streams share: a transfer waits to learn whether the first connection
/// multiplexes before it opens another), timeouts in
/// milliseconds, redirects followed up to the limit, the body never read past
/// `--max-size`, compressed responses asked for and written decoded.
///
/// With one transfer at a time (`-j 1`, the default), the loop has
/// no thread of its own: each `get` runs its transfer to the end on the
/// caller's thread and completes before it returns, so a GET costs no thread
/// start and no hand-over between threads.
public final class CurlHTTPClient: HTTPClient, @unchecked Sendable {
    private let curl: Libcurl
    private let multi: Libcurl.Multi
    private let settings: CurlSettings
    /// GETs asked for and not yet handed to libcurl, and whether `get` may
    /// wake the loop; shared with callers' threads.
    private let queue = Locked([CurlTransfer]())
    /// Transfers libcurl is working on: only the loop's thread touches them.
    private var running: [CurlTransfer] = []
    /// Whether the loop runs on the caller's thread, inside `get`.
    private let drivenByCaller: Bool
    /// Hosts that asked to wait, and the transfers held back for them: only
    /// the loop's thread touches them.
    private let pauses: CurlHostPauses
    private var held: [CurlTransfer] = []

    public init(_ settings: CurlSettings) throws(ToolError) {
        curl = try Libcurl.shared.get()
        guard let multi = curl.multiInit() else { throw ToolError(.connectivity, "cannot start libcurl") }
        self.multi = multi
        self.settings = settings
        _ = curl.multiSetLong(multi, CurlConstant.maxHostConnections, min(settings.concurrency, CurlHostPauses.maxConnectionsPerHost))
        pauses = CurlHostPauses(trace: settings.trace)
        _ = curl.multiSetLong(multi, CurlConstant.pipelining, CurlConstant.multiplex)
        drivenByCaller = settings.concurrency <= 1
        guard !drivenByCaller else { return }
        let loop = DispatchQueue(label: "feed-fetch.curl")
        loop.async { [self] in while true { work(); sleep() } }
    }

    /// Runs only for a client driven by its caller (a loop thread holds its
    /// client to the end of the process): the transfers it still had, then
    /// the multi handle and its connections, are freed.
    deinit {
        for transfer in running {
            _ = curl.multiRemove(multi, transfer.easy)
            transfer.release(curl)
        }
        for transfer in queue.withLock({ $0 }) + held { transfer.release(curl) }
        _ = curl.multiCleanup(multi)
    }

    /// A GET that is not one of several inputs': the first input's.
    public func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        get(url, forInput: 1, completion: completion)
    }

    public func get(_ url: String, forInput position: Int, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        guard let easy = curl.easyInit() else {
            completion(.failure(ToolError(.connectivity, "cannot start a transfer")))
            return
        }
        let transfer = CurlTransfer(url: url, position: position, easy: easy, maxSize: settings.limits.maxSize, completion: completion)
        settings.configure(transfer, curl)
        guard drivenByCaller else {
            queue.withLock { $0.append(transfer) }
            _ = curl.multiWakeup(multi)
            return
        }
        // One transfer at a time, on this thread, to its end. Its completion
        // is called once the loop is left, so that it may start the next GET.
        while pauses.holds(url), let wait = pauses.nextEnd() {
            ClockCalls.sleep(microseconds: UInt32(min(wait, 0.1) * 1_000_000) + 1)
        }
        running.append(transfer)
        _ = curl.multiAdd(multi, transfer.easy)
        var finished: [Finished] = []
        while true {
            var stillRunning: Int32 = 0
            _ = curl.multiPerform(multi, &stillRunning)
            finished += finishDone()
            if running.isEmpty { break }
            sleep()
        }
        for (transfer, result) in finished { transfer.completion(result) }
    }

    /// The loop's work: hand new transfers to libcurl, let it work, finish what is done.
    private func work() {
        var stillRunning: Int32 = 0
        let queued = queue.withLock { queued in defer { queued.removeAll() }; return queued }
        let waiting = held + queued
        held = []
        for transfer in waiting {
            if pauses.holds(transfer.url) {
                held.append(transfer)
                continue
            }
            running.append(transfer)
            _ = curl.multiAdd(multi, transfer.easy)
        }
        _ = curl.multiPerform(multi, &stillRunning)
        for (transfer, result) in finishDone() { transfer.completion(result) }
    }

    /// Sleeps until a socket, a timer or `get` wakes the loop.
    private func sleep() {
        let pause = held.isEmpty ? nil : pauses.nextEnd()
        _ = curl.multiPoll(multi, nil, 0, Int32(min(1000, (pause ?? 1) * 1000 + 1)), nil)
    }

    private typealias Finished = (transfer: CurlTransfer, result: Result<HTTPResponse, ToolError>)

    /// The transfers libcurl is done with, taken out of it, with their results.
    private func finishDone() -> [Finished] {
        var finished: [Finished] = []
        var left: Int32 = 0
        while let message = curl.multiInfoRead(multi, &left) {
            guard message.load(as: Int32.self) == CurlConstant.messageDone else { continue }
            let easy = message.load(fromByteOffset: 8, as: Libcurl.Easy?.self)
            let code = message.load(fromByteOffset: 16, as: Int32.self)
            guard let index = running.firstIndex(where: { $0.easy == easy }) else { continue }
            let transfer = running.remove(at: index)
            _ = curl.multiRemove(multi, transfer.easy)
            let result = CurlOutcome.result(of: transfer, code: code, curl: curl, settings: settings)
            transfer.release(curl)
            finished.append((transfer, result))
            if case .success(let response) = result, pauses.note(response, for: transfer.url) { holdBack(CurlHostPauses.host(of: transfer.url)) }
        }
        return finished
    }

    /// A host asked to wait: its transfers that have not connected yet are
    /// taken back from libcurl (they had sent nothing) and held.
    private func holdBack(_ host: String) {
        for transfer in running where CurlHostPauses.host(of: transfer.url) == host {
            var connected: Int64 = 0
            _ = curl.easyGetOffset(transfer.easy, CurlConstant.connectTime, &connected)
            guard connected == 0 else { continue }
            _ = curl.multiRemove(multi, transfer.easy)
            held.append(transfer)
        }
        running.removeAll { transfer in held.contains { $0 === transfer } }
    }
}
