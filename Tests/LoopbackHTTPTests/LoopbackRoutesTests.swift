import FeedPlatform
import LoopbackHTTP
import XCTest
import FeedTestSupport

final class LoopbackRoutesTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "loopback-routes-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory + "/v1/image", withIntermediateDirectories: true)
        try Data(#"{"items":[]}"#.utf8).write(to: URL(fileURLWithPath: directory + "/v1/feed.json"))
        try Data("raw".utf8).write(to: URL(fileURLWithPath: directory + "/v1/raw"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: directory + "/v1/image/a b.png"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: directory + "/../loopback-secret-\(getpid())"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.removeItem(atPath: directory + "/../loopback-secret-\(getpid())")
    }

    func test_serving_matchesFullTargetThenPath_elseFallback() {
        let handler = LoopbackRoutes.serving([
            "/feed": .ok("plain"),
            "/feed?page=2": .ok("second"),
        ], fallback: .status(410))
        XCTAssertEqual(body(handler(LoopbackRequest(method: "GET", path: "/feed"))), "plain")
        XCTAssertEqual(body(handler(LoopbackRequest(method: "GET", path: "/feed?page=2"))), "second")
        XCTAssertEqual(body(handler(LoopbackRequest(method: "GET", path: "/feed?page=3"))), "plain")
        XCTAssertEqual(status(handler(LoopbackRequest(method: "GET", path: "/other"))), 410)
        XCTAssertEqual(status(LoopbackRoutes.serving([:])(LoopbackRequest(method: "GET", path: "/"))), 404)
    }

    func test_sequence_answersInOrderThenRepeatsTheLast() {
        let handler = LoopbackRoutes.sequence([.status(503), .status(500), .ok("done")])
        let request = LoopbackRequest(method: "GET", path: "/")
        XCTAssertEqual((0..<5).map { _ in status(handler(request)) }, [503, 500, 200, 200, 200])
        XCTAssertEqual(status(LoopbackRoutes.sequence([])(request)), 404)
    }

    func test_sequences_countEachRouteApart() {
        let retryLater = LoopbackReply.respond(status: 503, headers: [("Retry-After", "1")])
        let handler = LoopbackRoutes.sequences([
            "/a": [retryLater, .ok("a")],
            "/b?x=1": [.status(500), retryLater, .ok("b")],
            "/empty": [],
        ], fallback: .status(410))
        func get(_ path: String) -> Int? { status(handler(LoopbackRequest(method: "GET", path: path))) }
        XCTAssertEqual(get("/a"), 503)
        XCTAssertEqual(get("/b?x=1"), 500)
        XCTAssertEqual(get("/a?page=2"), 200, "matched by its path, counted with /a")
        XCTAssertEqual(get("/b?x=1"), 503)
        XCTAssertEqual(get("/a"), 200)
        XCTAssertEqual(get("/b?x=1"), 200)
        XCTAssertEqual(get("/b?x=1"), 200)
        XCTAssertEqual(get("/b"), 410, "the route names a full target")
        XCTAssertEqual(get("/empty"), 404)
    }

    func test_sequences_retryAfterThenOK_overTheWire() throws {
        let server = try LoopbackServer(handler: LoopbackRoutes.sequences([
            "/feed": [.respond(status: 503, headers: [("Retry-After", "1")]), .ok("fresh")],
        ]))
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        try client.sendRequest("/feed")
        let first = try client.readResponse()
        XCTAssertEqual(first.status, 503)
        XCTAssertEqual(first.header("Retry-After"), "1")
        try client.sendRequest("/feed")
        XCTAssertEqual(try client.readResponse().text, "fresh")
    }

    func test_files_servesTheDirectory() throws {
        let server = try LoopbackServer(handler: LoopbackRoutes.files(in: directory))
        defer { server.stop() }
        let client = try RawClient(port: server.port)

        try client.sendRequest("/v1/feed")
        let feed = try client.readResponse()
        XCTAssertEqual(feed.status, 200)
        XCTAssertEqual(feed.header("Content-Type"), "application/json")
        XCTAssertEqual(feed.text, #"{"items":[]}"#)

        try client.sendRequest("/v1/feed.json?x=1")
        XCTAssertEqual(try client.readResponse().text, #"{"items":[]}"#)

        try client.sendRequest("/v1/raw")
        let raw = try client.readResponse()
        XCTAssertEqual(raw.header("Content-Type"), "application/octet-stream")
        XCTAssertEqual(raw.text, "raw")

        try client.sendRequest("/v1/image/a%20b.png")
        let image = try client.readResponse()
        XCTAssertEqual(image.header("Content-Type"), "image/png")
        XCTAssertEqual(image.body, [0x89, 0x50, 0x4E, 0x47])

        try client.sendRequest("HEAD", "/v1/raw")
        let head = try client.readResponse(forHead: true)
        XCTAssertEqual(head.header("Content-Length"), "3")

        for missing in ["/v1/nothing", "/v1", "/v1/image", "/"] {
            try client.sendRequest(missing)
            XCTAssertEqual(try client.readResponse().status, 404, missing)
        }
        for escaping in ["/../loopback-secret-\(getpid())", "/v1/../../loopback-secret-\(getpid())", "/v1/%2e%2e/%2e%2e/loopback-secret-\(getpid())"] {
            try client.sendRequest(escaping)
            XCTAssertEqual(try client.readResponse().status, 400, escaping)
        }
        try client.sendRequest("DELETE", "/v1/raw")
        let delete = try client.readResponse()
        XCTAssertEqual(delete.status, 405)
        XCTAssertEqual(delete.header("Allow"), "GET, HEAD")
    }

    func test_contentTypes() {
        XCTAssertEqual(LoopbackRoutes.contentType(forPath: "a/b.json"), "application/json")
        XCTAssertEqual(LoopbackRoutes.contentType(forPath: "b.PNG"), "image/png")
        XCTAssertEqual(LoopbackRoutes.contentType(forPath: "b.jpg"), "image/jpeg")
        XCTAssertEqual(LoopbackRoutes.contentType(forPath: "b.jpeg"), "image/jpeg")
        XCTAssertEqual(LoopbackRoutes.contentType(forPath: "feed"), "application/octet-stream")
        XCTAssertEqual(LoopbackRoutes.contentType(forPath: ".json"), "application/octet-stream")
    }

    // MARK: - The feed-fixture-server executable

    private func fixtureServerExecutable() throws -> URL {
        try URL(fileURLWithPath: BuiltCommands.path("feed-fixture-server"))
    }

    func test_fixtureServer_printsItsURL_serves_andExitsOnSIGTERM() throws {
        let process = Process()
        process.executableURL = try fixtureServerExecutable()
        process.arguments = [directory]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }

        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            printed += more
        }
        let line = String(decoding: printed, as: UTF8.self)
        XCTAssertTrue(line.hasPrefix("http://127.0.0.1:"), line)
        XCTAssertTrue(line.hasSuffix("\n"))
        let port = try XCTUnwrap(UInt16(line.dropFirst("http://127.0.0.1:".count).dropLast()))

        let client = try RawClient(port: port)
        try client.sendRequest("/v1/feed")
        XCTAssertEqual(try client.readResponse().text, #"{"items":[]}"#)

        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(output.fileHandleForReading.readDataToEndOfFile(), Data(), "one line only")
        XCTAssertEqual(errors.fileHandleForReading.readDataToEndOfFile(), Data())
    }

    /// The case study's API: `/v1/feed` pages by `limit` and `after_id`, comments per image,
    /// ids compared as UUIDs (any case), or byte for byte with `--exact-ids`; the files as
    /// they are for anything else, `/v1/feed` without a page query byte for byte.
    func test_fixtureServer_servesTheFeedAPI_comparingIDsAsUUIDs_orExactlyWithExactIDs() throws {
        let ids = (1...5).map { String(format: "%08x-0000-4000-8000-00000000000a", $0) }
        let feed = "{\"items\":[" + ids.map { #"{"id":"\#($0)","image":"http://h/\#($0).png"}"# }.joined(separator: ",") + "]}\n"
        try Data(feed.utf8).write(to: URL(fileURLWithPath: directory + "/v1/feed"))
        try FileManager.default.createDirectory(atPath: directory + "/v1/image/\(ids[0])", withIntermediateDirectories: true)
        try Data(#"{"items":[]}"#.utf8).write(to: URL(fileURLWithPath: directory + "/v1/image/\(ids[0])/comments"))

        func pageIDs(_ response: RawClient.Response) -> [String] {
            let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            return (object?["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        }
        for exact in [false, true] {
            let (process, port) = try startFixtureServer(exact ? ["--exact-ids", directory] : [directory])
            defer { process.terminate(); process.waitUntilExit() }
            let client = try RawClient(port: port)

            try client.sendRequest("/v1/feed")
            XCTAssertEqual(try client.readResponse().text, feed, "no page asked for: the file byte for byte")
            try client.sendRequest("/v1/feed?limit=2")
            XCTAssertEqual(pageIDs(try client.readResponse()), Array(ids[0..<2]))
            try client.sendRequest("/v1/feed?limit=2&after_id=\(ids[1])")
            XCTAssertEqual(pageIDs(try client.readResponse()), Array(ids[2..<4]))
            try client.sendRequest("/v1/feed?limit=2&after_id=\(ids[3])")
            XCTAssertEqual(pageIDs(try client.readResponse()), [ids[4]], "the last page, short")

            try client.sendRequest("/v1/feed?limit=2&after_id=\(ids[1].uppercased())")
            let upper = try client.readResponse()
            XCTAssertEqual(upper.status, exact ? 400 : 200, "after_id in upper case, exact: \(exact)")
            if !exact { XCTAssertEqual(pageIDs(upper), Array(ids[2..<4])) }

            try client.sendRequest("/v1/image/\(ids[0].uppercased())/comments")
            XCTAssertEqual(try client.readResponse().status, exact ? 404 : 200)
            try client.sendRequest("/v1/image/\(ids[1])/comments")
            XCTAssertEqual(try client.readResponse().text, #"{"items":[]}"#)
            try client.sendRequest("/v1/image/00000000-0000-4000-8000-000000000000/comments")
            XCTAssertEqual(try client.readResponse().status, 404)
            try client.sendRequest("/v1/raw")
            XCTAssertEqual(try client.readResponse().text, "raw")
        }
    }

    func test_fixtureServer_helpNamesItsOptions_andRejectsAnUnknownOne() throws {
        let help = try runFixtureServer(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.out, "usage: feed-fixture-server [--port N] [--exact-ids] DIR\n")
        let unknown = try runFixtureServer(["--exact", directory])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.err, "feed-fixture-server: unknown option '--exact'; usage: feed-fixture-server [--port N] [--exact-ids] DIR\n")
    }

    func test_fixtureServer_reportsAMissingDirectory() throws {
        let process = Process()
        process.executableURL = try fixtureServerExecutable()
        process.arguments = [directory + "/absent"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(output.fileHandleForReading.readDataToEndOfFile(), Data())
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(message, "feed-fixture-server: \(directory)/absent: No such file or directory\n")
    }

    // MARK: - Helpers

    /// Starts feed-fixture-server with `arguments` and reads the port from its first line.
    private func startFixtureServer(_ arguments: [String]) throws -> (Process, UInt16) {
        let process = Process()
        process.executableURL = try fixtureServerExecutable()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            printed += more
        }
        let line = String(decoding: printed, as: UTF8.self)
        guard line.hasPrefix("http://127.0.0.1:"), let port = UInt16(line.dropFirst("http://127.0.0.1:".count).dropLast()) else {
            process.terminate()
            process.waitUntilExit()
            throw RawClient.Failure(description: "feed-fixture-server printed '\(line)'")
        }
        return (process, port)
    }

    /// Runs feed-fixture-server with `arguments` to its end.
    private func runFixtureServer(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = try fixtureServerExecutable()
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus,
                String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }


    private func status(_ reply: LoopbackReply) -> Int? {
        if case let .respond(status, _, _) = reply { return status }
        return nil
    }

    private func body(_ reply: LoopbackReply) -> String? {
        if case let .respond(_, _, body) = reply { return String(decoding: body, as: UTF8.self) }
        return nil
    }
}
