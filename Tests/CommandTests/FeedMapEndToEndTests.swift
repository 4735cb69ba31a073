import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport

/// feed-map and feed-comments as real processes, alone and behind feed-fetch.
final class FeedMapEndToEndTests: XCTestCase {
    func test_fetchMap_deliversTheTestAccountFeedExactly() throws {
        let server = try serve(["/v1/feed": .ok(TestAccount.payload)])
        let result = try Command.sh("feed-fetch \(shellQuote(server.url("/v1/feed"))) | feed-map")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.out, TestAccount.feedDocument)
    }

    func test_fetchMap_exitsWithConnectivityAndOneMessageWhenOffline() throws {
        let url = try refusedURL()
        let result = try Command.sh("feed-fetch \(shellQuote(url)) | feed-map")

        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("feed-fetch: "), result.err)
        XCTAssertEqual(kinds(result), ["connectivity"])
    }

    /// (A 304 is not rejected: it is passed on, for feed-cache save; see FeedRefreshTests.)
    func test_map_rejectsEveryStatusButExactly200() throws {
        for status in [100, 199, 201, 204, 300, 303, 305, 400, 404, 500, 599] {
            let record = "{\"url\":\"http://h/feed\",\"status\":\(status),\"headers\":{},\"body\":\"{\\\"items\\\":[]}\"}"
            let result = try Command.run("feed-map", [], stdin: record)
            XCTAssertEqual(result.status, 65, "status \(status)")
            XCTAssertEqual(result.errLines, ["feed-map: http://h/feed: status \(status), expected 200"])
        }
        let comments = try Command.run("feed-comments", [], stdin: "{\"url\":\"http://h/c\",\"status\":199,\"headers\":{},\"body\":\"{\\\"items\\\":[]}\"}")
        XCTAssertEqual(comments.status, 65)
    }

    // A 1xx status is interim in HTTP (the client waits for the final one), so the
    // statuses below are the ones a server can really end with.
    func test_fetchMap_exitsWithInvalidDataOnNon200Statuses() throws {
        for status in [201, 300, 400, 500] {
            let server = try serve(["/v1/feed": .respond(status: status, headers: [("Content-Type", "application/json")], body: Array(TestAccount.payload.utf8))])
            let result = try Command.sh("feed-fetch \(shellQuote(server.url("/v1/feed"))) | feed-map")

            XCTAssertEqual(result.status, 65, "status \(status)")
            XCTAssertEqual(result.errLines, ["feed-map: \(server.url("/v1/feed")): status \(status), expected 200"])
            XCTAssertEqual(kinds(result), ["invalid-data"])
        }
    }

    func test_fetchMap_exitsWithInvalidDataOn200WithInvalidJSON() throws {
        let server = try serve(["/v1/feed": .ok("{\"items\": nope")])
        let result = try Command.sh("feed-fetch \(shellQuote(server.url("/v1/feed"))) | feed-map")

        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.errLines.count, 1)
        XCTAssertEqual(kinds(result), ["invalid-data"])
    }

    func test_map_deliversOneDocumentPerRecordAndGoesOnAfterAnInvalidOne() throws {
        let good = "{\"url\":\"http://h/a\",\"status\":200,\"headers\":{},\"body\":\"{\\\"items\\\":[]}\"}"
        let bad = "{\"url\":\"http://h/b\",\"status\":404,\"headers\":{},\"body\":\"\"}"
        let result = try Command.run("feed-map", [], stdin: [good, bad, good].joined(separator: "\n") + "\n")

        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.outLines, ["{\"items\":[]}", "{\"url\":\"http://h/b\",\"error\":{\"kind\":\"invalid-data\",\"message\":\"status 404, expected 200\"}}", "{\"items\":[]}"])
        XCTAssertEqual(result.errLines.count, 1)
    }

    func test_map_takesABarePayloadAsA200Response() throws {
        let result = try Command.run("feed-map", [], stdin: TestAccount.payload)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, TestAccount.feedDocument)
    }

    func test_map_spotsSchema() throws {
        let payload = "{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"author\":\"ann\",\"likes\":3,\"image\":\"https://h/s\"}]}"
        let result = try Command.run("feed-map", ["--schema", "spots"], stdin: payload)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"author\":\"ann\",\"likes\":3,\"url\":\"https://h/s\"}]}\n")
        let rejected = try Command.run("feed-map", [], stdin: payload.replacingOccurrences(of: "\"image\"", with: "\"picture\""))
        XCTAssertEqual(rejected.status, 65)
    }

    func test_map_passesOnAnErrorRecordSilentlyWithItsCode() throws {
        for (kind, code) in [("connectivity", Int32(69)), ("usage", 64), ("not-found", 66), ("expired", 66), ("retrieval", 74), ("invalid-data", 65)] {
            let record = "{\"url\":\"http://h/x\",\"error\":{\"kind\":\"\(kind)\",\"message\":\"m\"}}\n"
            for tool in ["feed-map", "feed-comments"] {
                let result = try Command.run(tool, [], stdin: record)
                XCTAssertEqual(result.status, code, "\(tool) \(kind)")
                XCTAssertEqual(result.err, "", "\(tool) \(kind)")
                XCTAssertEqual(result.out, record, "\(tool) \(kind)")
            }
        }
    }

    func test_map_malformedInputIsInvalidDataWithOneLine() throws {
        for input in ["{\"url\":", "[1,2]", "not json", "{\"foo\":1}", "{\"url\":\"u\",\"status\":\"200\",\"body\":\"\"}", "\u{00}\u{01}\u{FF}"] {
            for tool in ["feed-map", "feed-comments"] {
                let result = try Command.run(tool, [], stdin: input)
                XCTAssertEqual(result.status, 65, "\(tool) \(input)")
                XCTAssertEqual(result.errLines.count, 1, "\(tool) \(input): \(result.err)")
                XCTAssertFalse(result.signaled)
            }
        }
    }

    func test_map_emptyInputIsNotFound() throws {
        for tool in ["feed-map", "feed-comments"] {
            let result = try Command.run(tool, [], stdin: "  \n")
            XCTAssertEqual(result.status, 66, tool)
            XCTAssertEqual(result.errLines.count, 1, tool)
        }
    }

    func test_map_textFormatListsDescriptionLocationAndURL() throws {
        let result = try Command.run("feed-map", ["--format", "text"], stdin: TestAccount.payload)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("Description 1\n  Location 1\n  https://url-1.com\n\n(no description)\n  Location 2\n  https://url-2.com\n"), result.out)
    }

    func test_map_prettyIndents() throws {
        let result = try Command.run("feed-map", ["--pretty"], stdin: "{\"items\":[]}")
        XCTAssertEqual(result.out, "{\n  \"items\": []\n}\n")
    }

    // MARK: feed-comments

    func test_fetchComments_deliversCommentsInUTCOnAny2xx() throws {
        let payload = "{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"message\":\"a message\",\"created_at\":\"2020-05-20T11:24:59+0000\",\"author\":{\"username\":\"a username\"}},{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db087\",\"message\":\"another\",\"created_at\":\"2020-05-19T14:23:53.250-05:30\",\"author\":{\"username\":\"b\"}}]}"
        for status in [200, 201, 299] {
            let server = try serve(["/image/1/comments": .respond(status: status, headers: [("Content-Type", "application/json")], body: Array(payload.utf8))])
            let result = try Command.sh("feed-fetch \(shellQuote(server.url("/image/1/comments"))) | feed-comments")

            XCTAssertEqual(result.status, 0, "\(status) \(result.err)")
            XCTAssertEqual(result.out, "{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"message\":\"a message\",\"created_at\":\"2020-05-20T11:24:59Z\",\"author\":{\"username\":\"a username\"}},{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db087\",\"message\":\"another\",\"created_at\":\"2020-05-19T19:53:53Z\",\"author\":{\"username\":\"b\"}}]}\n")
        }
    }

    func test_fetchComments_rejectsNon2xx() throws {
        for status in [300, 400, 500] {
            let server = try serve(["/c": .respond(status: status, body: Array("{\"items\":[]}".utf8))])
            let result = try Command.sh("feed-fetch \(shellQuote(server.url("/c"))) | feed-comments")
            XCTAssertEqual(result.status, 65, "status \(status)")
            XCTAssertEqual(result.errLines, ["feed-comments: \(server.url("/c")): status \(status), expected 2xx"])
        }
    }

    func test_comments_textFormatShowsUsernameRelativeDateAndMessageAgainstTheClock() throws {
        _ = try RequiredTool.path("faketime", package: "faketime")
        let payload = "{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"message\":\"first\",\"created_at\":\"2025-12-29T00:00:00Z\",\"author\":{\"username\":\"ann\"}},{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db087\",\"message\":\"second\",\"created_at\":\"2025-12-31T23:55:00Z\",\"author\":{\"username\":\"bob\"}}]}"
        let result = try Command.sh("faketime -f '2026-01-01 00:00:00' feed-comments --format text", stdin: payload, environment: ["TZ": "UTC"])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "ann, 3 days ago\n  first\n\nbob, 5 minutes ago\n  second\n")
    }

    // MARK: Helpers

    private func kinds(_ result: CommandResult) -> [String?] {
        result.records().map { ($0["error"] as? [String: Any])?["kind"] as? String }
    }
}
