import Foundation
import XCTest
import FeedPlatform
import FeedTestSupport

/// Every reader of standard input stops at once at a byte no input can hold
/// (`< /dev/zero`, or zeros after a valid start) and at a first byte that
/// cannot begin JSON, and reads no more than its limit of an endless stream
/// (`--max-size` of feed-map and feed-cache save): `invalid-data` (65), a
/// message naming what was wrong, little memory, and the process ends (a
/// generous watchdog, no timing asserted). At the limit the input is read;
/// one byte past it is refused, from a pipe and from a regular file.
final class BoundedInputEndToEndTests: XCTestCase {
    /// Every command that reads stdin, and how.
    private let readers: [(tool: String, arguments: [String])] = [
        ("feed-map", []), ("feed-comments", []), ("feed-cache", ["save"]), ("feed-cache", ["image", "save"]), ("feed-fetch", []),
    ]
    private let mebibyte = 1 << 20

    func test_everyReaderOfStandardInput_givenDevZero_failsAtTheFirstByte_withLittleMemory() throws {
        let directory = makeTemporaryDirectory(self)
        for (tool, arguments) in readers {
            let run = try PeakMemoryRun.run(tool, arguments, environment: ["FEED_CACHE_DIR": directory + "/cache"], stdin: "/dev/zero",
                                            stdout: directory + "/out", stderr: directory + "/err", timeout: 300)
            let message = try String(contentsOfFile: directory + "/err", encoding: .utf8)
            XCTAssertEqual(run.status, 65, "\(tool) \(arguments): \(message)")
            XCTAssertTrue(message.contains("byte 0x00 at offset 0"), "\(tool) \(arguments): \(message)")
            XCTAssertLessThan(run.peakBytes, 64 * mebibyte, "\(tool) \(arguments)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/cache/feed"), "nothing saved")
        }
    }

    /// A start that looks right, then zeros without end, through a pipe.
    func test_everyReaderOfStandardInput_givenAValidStartThenZeros_failsAtTheFirstZero() throws {
        let directory = makeTemporaryDirectory(self)
        let start = Array(#"{"items":["#.utf8)
        for (tool, arguments) in readers {
            let run = try runFed(tool, arguments, in: directory, first: start, repeating: [UInt8](repeating: 0, count: 65_536))
            XCTAssertEqual(run.status, 65, "\(tool) \(arguments): \(run.message)")
            XCTAssertTrue(run.message.contains("byte 0x00 at offset 10"), "\(tool) \(arguments): \(run.message)")
            XCTAssertLessThan(run.peakBytes, 64 * mebibyte, "\(tool) \(arguments)")
        }
    }

    /// Text that can never begin JSON (`yes`), through a pipe, without end.
    func test_everyJSONReader_givenEndlessText_failsAtItsFirstByte() throws {
        let directory = makeTemporaryDirectory(self)
        for (tool, arguments) in readers where tool != "feed-fetch" {
            let run = try runFed(tool, arguments, in: directory, first: [], repeating: Array("y\n".utf8))
            XCTAssertEqual(run.status, 65, "\(tool) \(arguments): \(run.message)")
            XCTAssertTrue(run.message.contains("byte 0x79 ('y') at offset 0 cannot begin JSON"), "\(tool) \(arguments): \(run.message)")
        }
    }

    /// `{"items":[` without end: read up to `--max-size`, then refused, the
    /// cache untouched, memory under one and a half times the limit.
    func test_maxSize_anEndlessValidLookingStream_isRefusedAtTheLimit_withMemoryNearIt() throws {
        let directory = makeTemporaryDirectory(self)
        let limit = 16 * mebibyte
        for (tool, arguments) in [("feed-map", ["--max-size", "16M"]), ("feed-cache", ["save", "--max-size", "16M"])] {
            let run = try runFed(tool, arguments, in: directory, first: [], repeating: Array(#"{"items":["#.utf8))
            XCTAssertEqual(run.status, 65, "\(tool): \(run.message)")
            XCTAssertTrue(run.message.contains("larger than 16M (16777216 bytes), the limit of --max-size"), "\(tool): \(run.message)")
            XCTAssertGreaterThan(run.peakBytes, limit / 2, "\(tool): VmHWM was read, and the input held")
            XCTAssertLessThan(run.peakBytes, limit * 3 / 2 + 32 * mebibyte, "\(tool)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/cache/feed"), "nothing saved")
        }
    }

    /// A document of exactly `--max-size` bytes is read; one byte less of
    /// limit refuses it, through a pipe and from a regular file (refused by
    /// its size), and a refused save leaves the cache as it was.
    func test_maxSize_atTheLimitIsRead_andOneBytePastIsRefused() throws {
        let directory = makeTemporaryDirectory(self)
        let env = ["FEED_CACHE_DIR": directory + "/cache"]
        let payload = #"{"items":[{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","image":"https://h/1.png","description":"d"}]}"# + "\n"
        let document = try Command.run("feed-map", [], stdin: payload).out
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: document, environment: env).status, 0)
        let cachedFile = URL(fileURLWithPath: directory + "/cache/feed")

        for (arguments, document) in [(["feed-map"], payload), (["feed-cache", "save", "-q"], document)] {
            let (tool, rest) = (arguments[0], Array(arguments.dropFirst()))
            let file = directory + "/input.json"
            XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data(document.utf8)))
            let size = document.utf8.count
            let atLimit = try Command.run(tool, rest + ["--max-size", "\(size)"], stdin: document, environment: env)
            XCTAssertEqual(atLimit.status, 0, "\(arguments): \(atLimit.err)")
            let cached = try Data(contentsOf: cachedFile)
            let pastLimit = try Command.run(tool, rest + ["--max-size", "\(size - 1)"], stdin: document, environment: env)
            XCTAssertEqual(pastLimit.status, 65, "\(arguments)")
            XCTAssertEqual(pastLimit.errLines, ["\(tool): standard input is larger than \(size - 1) bytes, the limit of --max-size: raise it (--max-size BYTES) to read more"])
            XCTAssertEqual(try Data(contentsOf: cachedFile), cached, "\(arguments): the refused run changed nothing")

            let fromFile = try PeakMemoryRun.run(tool, rest + ["--max-size", "\(size)"], environment: env, stdin: file,
                                                 stdout: directory + "/out", stderr: directory + "/err")
            XCTAssertEqual(fromFile.status, 0, (try? String(contentsOfFile: directory + "/err", encoding: .utf8)) ?? "")
            let cachedAgain = try Data(contentsOf: cachedFile)
            let fileOverLimit = try PeakMemoryRun.run(tool, rest + ["--max-size", "\(size - 1)"], environment: env, stdin: file,
                                                      stdout: directory + "/out", stderr: directory + "/err")
            XCTAssertEqual(fileOverLimit.status, 65)
            XCTAssertTrue(try String(contentsOfFile: directory + "/err", encoding: .utf8).contains("the limit of --max-size"))
            XCTAssertEqual(try Data(contentsOf: cachedFile), cachedAgain, "\(arguments): the refused file changed nothing")
        }
    }

    /// A regular file far over the limit is refused by its size, unread.
    func test_maxSize_aLargeRegularFile_isRefusedBySize_withLittleMemory() throws {
        let directory = makeTemporaryDirectory(self)
        let file = directory + "/large.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data(#"{"items":["#.utf8)))
        XCTAssertEqual(truncate(file, off_t(256 * mebibyte)), 0)
        for arguments in [["feed-map", "--max-size", "1M"], ["feed-cache", "save", "--max-size", "1M"]] {
            let run = try PeakMemoryRun.run(arguments[0], Array(arguments.dropFirst()), environment: ["FEED_CACHE_DIR": directory + "/cache"],
                                            stdin: file, stdout: directory + "/out", stderr: directory + "/err")
            XCTAssertEqual(run.status, 65, "\(arguments)")
            XCTAssertTrue(try String(contentsOfFile: directory + "/err", encoding: .utf8).contains("larger than 1M (1048576 bytes)"))
            XCTAssertLessThan(run.peakBytes, 32 * mebibyte, "\(arguments)")
        }
    }

    func test_maxSize_outOfRangeOrNotACount_isAUsageError() throws {
        for arguments in [["feed-map"], ["feed-cache", "save"]] {
            for value in ["0", "1025G", "1099511627777", "x", "12T", "", "9223372036854775807"] {
                let result = try Command.run(arguments[0], Array(arguments.dropFirst()) + ["--max-size", value], stdin: "{\"items\":[]}")
                XCTAssertEqual(result.status, 64, "\(arguments) --max-size '\(value)': \(result.err)")
                XCTAssertTrue(result.err.contains("--max-size needs a byte count from 1 to 1024G"), result.err)
            }
            let largest = try Command.run(arguments[0], Array(arguments.dropFirst()) + ["--max-size", "1024G"],
                                          stdin: "{\"items\":[]}", environment: ["FEED_CACHE_DIR": makeTemporaryDirectory(self)])
            XCTAssertEqual(largest.status, 0, largest.err)
        }
    }

    // MARK: - An endless writer

    private struct FedRun {
        var status: Int32
        var peakBytes: Int
        var message: String
    }

    /// Runs `tool` with stdin a FIFO that a thread writes to, `first` and
    /// then `repeating` over and over, until the reader goes away.
    private func runFed(_ tool: String, _ arguments: [String], in directory: String,
                        first: [UInt8], repeating: [UInt8]) throws -> FedRun {
        let fifo = directory + "/fifo-\(UUID().uuidString)"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        Signals.ignore([SIGPIPE])
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            guard fd >= 0 else { return }
            defer { close(fd) }
            guard (try? FileDescriptor.writeAll(fd, first)) != nil else { return }
            let chunk = Array([[UInt8]](repeating: repeating, count: max(1, 65_536 / max(repeating.count, 1))).joined())
            while (try? FileDescriptor.writeAll(fd, chunk)) != nil {}
        }
        writer.start()
        let run = try PeakMemoryRun.run(tool, arguments, environment: ["FEED_CACHE_DIR": directory + "/cache"], stdin: fifo,
                                        stdout: directory + "/out", stderr: directory + "/err", timeout: 300)
        let message = (try? String(contentsOfFile: directory + "/err", encoding: .utf8)) ?? ""
        return FedRun(status: run.status, peakBytes: run.peakBytes, message: message)
    }
}
