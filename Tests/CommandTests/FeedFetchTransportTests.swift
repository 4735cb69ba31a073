import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport
import FeedPlatform

/// feed-fetch's transport over libcurl, with the built executable against real
/// loopback servers: compressed bodies written decoded, the connect timeout and
/// the whole-transfer timeout kept to the millisecond, one connection pool of at
/// most `-j` connections to a host, and no CPU spent while a server is slow.
final class FeedFetchTransportTests: XCTestCase {
    // MARK: - Compression

    func test_fetch_writesAGzipEncodedBodyDecoded_withoutContentEncodingAndWithTheDecodedLength() throws {
        let gzip = try RequiredTool.path("gzip", package: "gzip")
        let plain = Array(("{\"items\":[" + (0..<200).map { "{\"id\":\"\($0)\",\"url\":\"https://h/image-\($0)\"}" }.joined(separator: ",") + "]}").utf8)
        let compressed = try Command.run(gzip, ["-c", "-n", "-9"], stdinBytes: plain)
        XCTAssertEqual(compressed.status, 0, compressed.err)
        XCTAssertEqual(Array(compressed.stdout.prefix(2)), [0x1F, 0x8B], "gzip's magic")
        XCTAssertLessThan(compressed.stdout.count, plain.count)
        let server = try serve(["/v1/feed": .respond(status: 200, headers: [
            ("Content-Type", "application/json"),
            ("Content-Encoding", "gzip"),
            ("Vary", "Accept-Encoding"),
        ], body: compressed.stdout)])

        let result = try Command.run("feed-fetch", [server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        let record = try XCTUnwrap(result.records().first)
        XCTAssertEqual(record["status"] as? Int, 200)
        XCTAssertEqual(record["body"] as? String, String(decoding: plain, as: UTF8.self), "the decoded body")
        XCTAssertNil(record["body_base64"])
        let headers = try XCTUnwrap(record["headers"] as? [String: String])
        XCTAssertNil(headers["content-encoding"], "the record describes the body as written: \(headers)")
        XCTAssertEqual(headers["content-length"], String(plain.count), "the decoded size")
        XCTAssertEqual(headers["content-type"], "application/json")
        XCTAssertEqual(headers["vary"], "Accept-Encoding")
        let asked = try XCTUnwrap(server.requests.first?.header("Accept-Encoding"), "compressed responses are asked for")
        XCTAssertTrue(asked.lowercased().contains("gzip"), asked)
    }

    func test_fetch_writesAGzipEncodedBinaryBodyDecodedAsBase64() throws {
        let gzip = try RequiredTool.path("gzip", package: "gzip")
        let bytes: [UInt8] = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 ^ 0xA5) } + [0xFF, 0xFE, 0x00]
        let compressed = try Command.run(gzip, ["-c", "-n"], stdinBytes: bytes)
        XCTAssertEqual(compressed.status, 0, compressed.err)
        let server = try serve(["/image": .respond(status: 200, headers: [("Content-Type", "image/png"), ("Content-Encoding", "gzip")], body: compressed.stdout)])

        let result = try Command.run("feed-fetch", [server.url("/image")])

        XCTAssertEqual(result.status, 0, result.err)
        let record = try XCTUnwrap(result.records().first)
        XCTAssertEqual(record["body_base64"] as? String, Data(bytes).base64EncodedString())
        XCTAssertEqual((record["headers"] as? [String: String])?["content-length"], String(bytes.count))
        XCTAssertNil((record["headers"] as? [String: String])?["content-encoding"])
    }

    func test_fetch_writesADeflateEncodedBodyDecoded() throws {
        let plain = Array(String(repeating: "{\"items\":[]} deflated ", count: 4000).utf8)  // over one stored block
        let server = try serve(["/v1/feed": .respond(status: 200, headers: [("Content-Type", "text/plain"), ("Content-Encoding", "deflate")],
                                                     body: zlibStream(storing: plain))])
        let result = try Command.run("feed-fetch", [server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        let record = try XCTUnwrap(result.records().first)
        XCTAssertEqual(record["body"] as? String, String(decoding: plain, as: UTF8.self))
        let headers = try XCTUnwrap(record["headers"] as? [String: String])
        XCTAssertNil(headers["content-encoding"])
        XCTAssertEqual(headers["content-length"], String(plain.count))
        let asked = try XCTUnwrap(server.requests.first?.header("Accept-Encoding"))
        XCTAssertTrue(asked.lowercased().contains("deflate"), asked)
    }

    func test_fetch_failsWithConnectivityOnABodyThatIsNotTheGzipItClaims() throws {
        let server = try serve(["/v1/feed": .respond(status: 200, headers: [("Content-Encoding", "gzip")], body: Array("this is not gzip at all".utf8))])
        let result = try Command.run("feed-fetch", [server.url("/v1/feed")])

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertFalse(result.out.contains("\"body"), "no record with an undecoded body")
    }

    // MARK: - Timeouts

    func test_fetch_connectTimeoutEndsAConnectThatHangs_thoughTheTimeoutIsLonger() throws {
        let listener = try NeverAcceptingListener()
        addTeardownBlock { listener.close() }
        let started = Date()
        let result = try Command.run("feed-fetch", ["--timeout", "60", "--connect-timeout", "0.5", listener.url("/v1/feed")], timeout: 60)
        let elapsed = Date().timeIntervalSince(started)

        XCTAssertEqual(result.status, 69, result.out + result.err)
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("feed-fetch: \(listener.url("/v1/feed")): "), result.err)
        XCTAssertTrue(result.err.contains("timed out"), result.err)
        XCTAssertGreaterThanOrEqual(elapsed, 0.45, "the connect timeout, not something else, ended it")
        XCTAssertLessThan(elapsed, 10, "ended by the connect timeout, not the 60 s one")
    }

    func test_fetch_connectTimeoutDoesNotLimitASlowResponseOnceConnected() throws {
        let server = try serve(["/slow": .delayed(seconds: 1.0, then: .ok("{}"))])
        let result = try Command.run("feed-fetch", ["--connect-timeout", "0.3", server.url("/slow")], timeout: 30)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
    }

    func test_fetch_timeoutBelowOneSecond_isNotRoundedAway() throws {
        let server = try serve(["/slow": .delayed(seconds: 1.0, then: .ok("{}"))])
        let started = Date()
        let result = try Command.run("feed-fetch", ["--timeout", "0.4", server.url("/slow")], timeout: 30)
        let elapsed = Date().timeIntervalSince(started)

        XCTAssertEqual(result.status, 69, "0.4 s is a limit, not 0 (none): \(result.out)")
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertTrue(result.err.contains("timed out"), result.err)
        XCTAssertFalse(result.out.contains("\"body"))
        XCTAssertGreaterThanOrEqual(elapsed, 0.35)
        XCTAssertLessThan(elapsed, 10)
    }

    func test_fetch_timeoutWithAFraction_isNotRoundedDown() throws {
        // 1.8 s rounded down to 1 s would end a 1.3 s answer.
        let server = try serve(["/slow": .delayed(seconds: 1.3, then: .ok("{\"items\":[]}"))])
        let result = try Command.run("feed-fetch", ["--timeout", "1.8", server.url("/slow")], timeout: 30)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
        XCTAssertEqual(result.records().first?["body"] as? String, "{\"items\":[]}")
    }

    func test_fetch_timeoutWithAFraction_isNotRoundedUp() throws {
        // 1.2 s rounded up to 2 s would let a 1.8 s answer through.
        let server = try serve(["/slow": .delayed(seconds: 1.8, then: .ok("{}"))])
        let started = Date()
        let result = try Command.run("feed-fetch", ["--timeout", "1.2", server.url("/slow")], timeout: 30)
        let elapsed = Date().timeIntervalSince(started)

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertTrue(result.err.contains("timed out"), result.err)
        XCTAssertGreaterThanOrEqual(elapsed, 1.1)
        XCTAssertLessThan(elapsed, 10)
    }

    // MARK: - Connections

    func test_fetch_batchOf100WithFourJobs_opensAtMostFourConnections() throws {
        let server = try LoopbackServer { request in .ok("body of \(request.path)", contentType: "text/plain") }
        addTeardownBlock { server.stop() }
        let urls = (0..<100).map { server.url("/item/\($0)") }
        let result = try Command.run("feed-fetch", ["-j", "4"] + urls, timeout: 120)

        XCTAssertEqual(result.status, 0, result.err)
        let records = result.records()
        XCTAssertEqual(records.map { $0["url"] as? String }, urls, "one record per URL, in order")
        XCTAssertEqual(records.map { $0["body"] as? String }, (0..<100).map { "body of /item/\($0)" })
        XCTAssertEqual(server.requests.count, 100)
        XCTAssertGreaterThanOrEqual(server.connectionCount, 1)
        XCTAssertLessThanOrEqual(server.connectionCount, 4, "connections are kept and reused, at most -j at once")
    }

    func test_fetch_batchOf100WithOneJob_opensOneConnection() throws {
        let server = try LoopbackServer { request in .ok("body of \(request.path)", contentType: "text/plain") }
        addTeardownBlock { server.stop() }
        let urls = (0..<100).map { server.url("/item/\($0)") }
        let result = try Command.run("feed-fetch", ["-j", "1"] + urls, timeout: 120)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().count, 100)
        XCTAssertEqual(server.requests.count, 100)
        XCTAssertEqual(server.connectionCount, 1, "one connection, kept alive for every request")
    }

    // MARK: - Waiting costs nothing

    func test_fetch_waitingForASlowServer_costsAlmostNoCPU() throws {
        let server = try serve(["/slow": .delayed(seconds: 2, then: .ok("{\"items\":[]}"))])
        let dir = makeTemporaryDirectory(self)
        let started = Date()
        let run = try spawnMeasuringCPU(Command.path("feed-fetch"), [server.url("/slow")], stdoutPath: dir + "/out", stderrPath: dir + "/err")
        let elapsed = Date().timeIntervalSince(started)
        let out = String(decoding: FileManager.default.contents(atPath: dir + "/out") ?? Data(), as: UTF8.self)
        let err = String(decoding: FileManager.default.contents(atPath: dir + "/err") ?? Data(), as: UTF8.self)

        XCTAssertEqual(run.exitStatus, 0, err)
        XCTAssertTrue(out.contains("\"status\":200"), out)
        XCTAssertGreaterThanOrEqual(elapsed, 1.9, "it did wait for the server")
        XCTAssertLessThan(run.cpuSeconds, 0.5, "user \(run.userSeconds) s + system \(run.systemSeconds) s over a \(elapsed) s wait")
    }

    func test_fetch_waitingForRetries_costsAlmostNoCPU() throws {
        let server = try LoopbackServer(handler: LoopbackRoutes.sequence([
            .respond(status: 503, headers: [("Retry-After", "1")]),
            .respond(status: 503, headers: [("Retry-After", "1")]),
            .ok("{}"),
        ]))
        addTeardownBlock { server.stop() }
        let dir = makeTemporaryDirectory(self)
        let run = try spawnMeasuringCPU(Command.path("feed-fetch"), ["--retry", "2", server.url("/v1/feed")], stdoutPath: dir + "/out", stderrPath: dir + "/err")
        let out = String(decoding: FileManager.default.contents(atPath: dir + "/out") ?? Data(), as: UTF8.self)

        XCTAssertEqual(run.exitStatus, 0)
        XCTAssertTrue(out.contains("\"status\":200"), out)
        XCTAssertEqual(server.requests.count, 3)
        XCTAssertLessThan(run.cpuSeconds, 0.5, "user \(run.userSeconds) s + system \(run.systemSeconds) s over two 1 s waits")
    }
}

/// `data` as a zlib stream (RFC 1950) of stored deflate blocks (RFC 1951): valid
/// "deflate" content coding, made without a compressor.
private func zlibStream(storing data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
        let count = min(65_535, data.count - offset)
        out.append(offset + count == data.count ? 1 : 0) // BFINAL, BTYPE 00 (stored)
        out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
        out += data[offset..<(offset + count)]
        offset += count
    } while offset < data.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in data {
        a = (a + UInt32(byte)) % 65_521
        b = (b + a) % 65_521
    }
    let adler = b << 16 | a
    return out + [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
}

// MARK: - A child whose CPU time is measured

/// How a child ended and the CPU it used (from wait4's rusage: the child's own,
/// whatever else the test process runs meanwhile).
private struct MeasuredRun {
    var exitStatus: Int32
    var userSeconds: Double
    var systemSeconds: Double
    var cpuSeconds: Double { userSeconds + systemSeconds }
}

/// Runs `path` with `arguments` (stdin /dev/null, stdout and stderr to files,
/// the environment Command.run gives) by posix_spawn, and reaps it with wait4.
private func spawnMeasuringCPU(_ path: String, _ arguments: [String], stdoutPath: String, stderrPath: String,
                               timeout: Double = 60) throws -> MeasuredRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    // Default dispositions and an empty mask, whatever the test process set.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var everything = sigset_t(), nothing = sigset_t()
    sigfillset(&everything)
    sigdelset(&everything, SIGKILL)
    sigdelset(&everything, SIGSTOP)
    sigemptyset(&nothing)
    posix_spawnattr_setsigdefault(&attributes, &everything)
    posix_spawnattr_setsigmask(&attributes, &nothing)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = Command.environment([:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
        throw NSError(domain: "posix_spawn", code: Int(spawned), userInfo: [NSLocalizedDescriptionKey: "cannot start \(path): \(String(cString: strerror(spawned)))"])
    }

    let deadline = Date().addingTimeInterval(timeout)
    var ended = try ChildProcess.reapIfEnded(pid)
    while ended == nil {
        if Date() >= deadline {
            kill(pid, SIGKILL)
            ended = try ChildProcess.reap(pid)
            XCTFail("\(path) did not finish within \(timeout) s")
            break
        }
        usleep(10_000)
        ended = try ChildProcess.reapIfEnded(pid)
    }
    let status = ended?.status ?? 0
    let usage = ended?.usage ?? rusage()
    // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -(status & 0x7F)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
    return MeasuredRun(exitStatus: exitStatus, userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime))
}
