import Foundation
import XCTest
import FeedPlatform

/// How the commands take the signals they were not asked about: a SIGINT or
/// SIGTERM the command was started with ignored (a shell's background job)
/// stays ignored, and a SIGBUS that is no fault of the mapped input (one
/// sent with kill) is not reported as the input cut short: the process dies
/// of it, as it would without a handler.
final class SignalDispositionTests: XCTestCase {
    private static let items = 20_000

    func test_save_startedWithSIGINTIgnored_goesOnPastASIGINTAndSaves() throws {
        try assertSaveGoesOnPast(SIGINT, ignoredAs: "INT")
    }

    func test_save_startedWithSIGTERMIgnored_goesOnPastASIGTERMAndSaves() throws {
        try assertSaveGoesOnPast(SIGTERM, ignoredAs: "TERM")
    }

    func test_save_startedWithSIGINTAtItsDefault_isStillCancelledByIt() throws {
        // The same steps without the trap: the signal cancels (the control
        // that shows the steps above deliver the signal while it works).
        let (cache, input, old) = try cacheWithAnOldFeed()
        guard let running = try saveStopped(cache, input, ignoring: nil) else { return }
        XCTAssertEqual(kill(running.pid, SIGINT), 0)
        XCTAssertEqual(kill(running.pid, SIGCONT), 0)
        let saved = running.wait(timeout: 300)

        XCTAssertEqual(saved.status, 130, saved.err)
        XCTAssertTrue(try load(cache) == old + [0x0A])
        XCTAssertEqual(leftoverTemporaries(cache), [])
    }

    func test_map_startedWithSIGINTIgnored_goesOnPastASIGINTToTheEndOfItsInput() throws {
        let record = Array(#"{"url":"http://h/feed","status":200,"headers":{},"body":"{\"items\":[]}"}"#.utf8) + [0x0A]
        for ignored in [true, false] {
            // Standard input a FIFO the test holds open until the signal is sent.
            let fifo = makeTemporaryDirectory(self) + "/records"
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            let trap = ignored ? "trap '' INT; " : ""
            let running = try Command.start("/bin/sh", ["-c", trap + "exec feed-map < \(shellQuote(fifo))"])
            let writer = open(fifo, O_WRONLY)
            XCTAssertGreaterThanOrEqual(writer, 0)
            XCTAssertEqual(write(writer, record, record.count), record.count)
            // Its cancel course is in place once it catches SIGTERM (never ignored here).
            XCTAssertTrue(waitUntilCatching(running.pid, SIGTERM), "feed-map started and installed its handlers")
            running.send(SIGINT)
            usleep(100_000)
            close(writer)
            let mapped = running.wait(timeout: 60)

            if ignored {
                XCTAssertEqual(mapped.status, 0, mapped.err)
                XCTAssertFalse(mapped.signaled)
                XCTAssertEqual(mapped.outLines, [#"{"items":[]}"#])
            } else {
                XCTAssertEqual(mapped.status, 130, "the control: a SIGINT at its default cancels")
            }
        }
    }

    func test_save_givenASIGBUSSentByAnotherProcess_diesOfItAndDoesNotReportTheInputCutShort() throws {
        // The input is mapped and its SIGBUS handler installed; the signal is
        // sent, not a fault of the input's pages.
        let (cache, input, old) = try cacheWithAnOldFeed()
        guard let running = try saveStopped(cache, input, ignoring: nil) else { return }
        XCTAssertEqual(kill(running.pid, SIGBUS), 0)
        XCTAssertEqual(kill(running.pid, SIGCONT), 0)
        let saved = running.wait(timeout: 300)

        XCTAssertTrue(saved.signaled, "died of the signal: \(saved.status) \(saved.err)")
        XCTAssertEqual(saved.status, SIGBUS)
        XCTAssertFalse(saved.err.contains("cut short"), saved.err)
        XCTAssertTrue(try load(cache) == old + [0x0A], "the old feed stays")
    }

    // MARK: - Helpers

    /// A save started with `signal` ignored (`trap '' NAME` before the exec),
    /// stopped after its check; sent `signal`, then continued, it saves.
    private func assertSaveGoesOnPast(_ signal: Int32, ignoredAs name: String,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let (cache, input, _) = try cacheWithAnOldFeed()
        guard let running = try saveStopped(cache, input, ignoring: name, file: file, line: line) else { return }
        XCTAssertEqual(kill(running.pid, signal), 0, file: file, line: line)
        XCTAssertEqual(kill(running.pid, SIGCONT), 0, file: file, line: line)
        let saved = running.wait(timeout: 300)

        XCTAssertEqual(saved.status, 0, saved.err, file: file, line: line)
        XCTAssertFalse(saved.signaled, file: file, line: line)
        XCTAssertTrue(try load(cache) == generatedFeed(items: Self.items, tag: 0xB) + [0x0A], "the new feed saved", file: file, line: line)
        XCTAssertEqual(leftoverTemporaries(cache), [], file: file, line: line)
    }

    /// A cache holding a small feed, and an input file of a larger one.
    private func cacheWithAnOldFeed() throws -> (cache: String, input: String, old: [UInt8]) {
        let directory = makeTemporaryDirectory(self)
        let cache = directory + "/cache", input = directory + "/feed.json"
        let old = generatedFeed(items: 3, tag: 0xA)
        XCTAssertEqual(try Command.run("feed-cache", ["--cache-dir", cache, "save", "-q"], stdinBytes: old).status, 0)
        try writeFile(input, generatedFeed(items: Self.items, tag: 0xB))
        return (cache, input, old)
    }

    /// `save -q < input` (mapped), with `trap '' NAME` first if given, stopped
    /// once its check is done; nil (a failure) if it never stops.
    private func saveStopped(_ cache: String, _ input: String, ignoring name: String?,
                             file: StaticString = #filePath, line: UInt = #line) throws -> RunningCommand? {
        let trap = name.map { "trap '' \($0); " } ?? ""
        let running = try Command.start("/bin/sh", ["-c", trap + "exec feed-cache --cache-dir \(shellQuote(cache)) save -q < \(shellQuote(input))"],
                                        environment: ["FEED_CACHE_TEST_STOP_AFTER_CHECK": "1"])
        guard waitUntilStopped(running.pid) else {
            running.process.terminate()
            XCTFail("the save never stopped after its check", file: file, line: line)
            return nil
        }
        return running
    }

    /// Waits (a minute at most) until `pid` catches `signal`, as
    /// /proc/PID/status tells (SigCgt); false if it never does.
    private func waitUntilCatching(_ pid: pid_t, _ signal: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
            if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
               let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16),
               mask & (1 << UInt64(signal - 1)) != 0 {
                return true
            }
            usleep(2_000)
        }
        return false
    }

    private func load(_ cache: String) throws -> [UInt8] {
        let load = try Command.run("feed-cache", ["--cache-dir", cache, "load"], timeout: 120)
        XCTAssertEqual(load.status, 0, load.err)
        return load.stdout
    }
}
