import FeedConcurrency
import Foundation
import LoopbackHTTP
import XCTest

/// The cron refresh against the loopback server, whose every answer the test
/// sets: what `--if-changed` asks, what a 304 does down the pipe, and when
/// nothing is asked at all.
final class FeedRefreshTests: XCTestCase {
    private let refresh = #"feed-fetch --if-changed "$URL" | feed-map | feed-cache save -q"#
    private let plain = #"feed-fetch "$URL" | feed-map | feed-cache save -q"#
    private let item = ["id": "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", "image": "https://images.example/1.jpg"]

    // MARK: - What is asked

    func test_aFeedSavedWithLastModifiedAlone_isAskedIfModifiedSince_only() throws {
        let server = try ConditionalFeedServer(self, etag: nil, lastModified: "Tue, 24 Nov 2026 10:00:00 GMT", body: feedPayload([item]))
        let env = environment(server)
        XCTAssertEqual(try Command.sh(plain, environment: env).status, 0)

        let result = try Command.sh(refresh, environment: env)

        XCTAssertEqual(result.status, 0, result.err)
        let asked = try XCTUnwrap(server.requests.last)
        XCTAssertEqual(asked.header("If-Modified-Since"), "Tue, 24 Nov 2026 10:00:00 GMT")
        XCTAssertNil(asked.header("If-None-Match"))
        XCTAssertEqual(server.answered, [200, 304])
    }

    func test_aTwoHundredThatFailsToMap_leavesTheOldFeedAndValidators_soTheNextRequestCarriesTheOldETag() throws {
        let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: nil, body: feedPayload([item]))
        let env = environment(server)
        XCTAssertEqual(try Command.sh(plain, environment: env).status, 0)
        let before = feedTree(env["FEED_CACHE_DIR"] ?? "")
        server.change(etag: #""b""#, body: #"{"items":[{"id":"not a uuid"}]}"#)

        let failed = try Command.sh(plain, environment: env)
        XCTAssertEqual(failed.status, 65, "the 200 with ETag b does not map")
        // The refresh's history counts the failure; the feed and its validators stay.
        XCTAssertSameTree(feedTree(env["FEED_CACHE_DIR"] ?? ""), before, "the cache")

        _ = try Command.sh(refresh, environment: env)
        XCTAssertEqual(server.requests.last?.header("If-None-Match"), #""a""#)
    }

    func test_aHeaderGivenWithH_winsOverTheOneIfChangedWouldSend() throws {
        let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: nil, body: feedPayload([item]))
        let env = environment(server)
        XCTAssertEqual(try Command.sh(plain, environment: env).status, 0)

        _ = try Command.sh(#"feed-fetch --if-changed -H 'If-None-Match: "mine"' "$URL""#, environment: env)

        XCTAssertEqual(server.requests.last?.headerValues("If-None-Match"), [#""mine""#])
    }

    func test_ifChanged_onlyReadsTheCache() throws {
        let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: nil, body: feedPayload([item]))
        let env = environment(server)
        XCTAssertEqual(try Command.sh(plain, environment: env).status, 0)
        let before = tree(env["FEED_CACHE_DIR"] ?? "")

        let result = try Command.sh(#"feed-fetch --if-changed "$URL""#, environment: env)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(server.requests.last?.header("If-None-Match"), #""a""#)
        XCTAssertSameTree(tree(env["FEED_CACHE_DIR"] ?? ""), before, "the cache")
    }

    func test_aCorruptCache_meansAPlainGET_neverAnError() throws {
        let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: nil, body: feedPayload([item]))
        let env = environment(server)
        XCTAssertEqual(try Command.sh(plain, environment: env).status, 0)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: (env["FEED_CACHE_DIR"] ?? "") + "/feed"))

        let result = try Command.sh(#"feed-fetch --if-changed "$URL""#, environment: env)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertNil(server.requests.last?.header("If-None-Match"))
        XCTAssertEqual(server.answered.last, 200)
    }

    func test_anotherURLsCache_meansAPlainGET() throws {
        let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: nil, body: feedPayload([item]))
        let env = environment(server)
        XCTAssertEqual(try Command.sh(plain, environment: env).status, 0)

        _ = try Command.sh(#"feed-fetch --if-changed "$URL?page=2""#, environment: env)

        XCTAssertNil(server.requests.last?.header("If-None-Match"))
    }

    func test_aFeedSavedFromPages_fromAppend_orFromABareDocument_isAskedWithoutValidators() throws {
        let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: "Tue, 24 Nov 2026 10:00:00 GMT", body: feedPayload([item]))
        let env = environment(server)
        let saves = [
            #"feed-fetch "$URL" "$URL" | feed-map | feed-cache save -q"#,
            #"feed-fetch "$URL" | feed-map | feed-cache save -q --append"#,
            #"feed-fetch "$URL" | feed-map | feed-cache save -q && feed-fetch "$URL" | feed-map | feed-cache save -q --append"#,
            "printf '%s\\n' \(shellQuote(feedPayload([["id": item["id"] ?? "", "url": item["image"] ?? ""]]))) | feed-cache save -q",
        ]
        for save in saves {
            try? FileManager.default.removeItem(atPath: env["FEED_CACHE_DIR"] ?? "")
            XCTAssertEqual(try Command.sh(save, environment: env).status, 0, save)

            _ = try Command.sh(#"feed-fetch --if-changed "$URL""#, environment: env)

            XCTAssertNil(server.requests.last?.header("If-None-Match"), save)
            XCTAssertNil(server.requests.last?.header("If-Modified-Since"), save)
        }
    }

    func test_ifChanged_withPaginate_withURLsOnStdin_orCacheDirWithoutIt_isUsage() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let misuses: [(arguments: [String], stdin: String?)] = [
            (["--if-changed", "--paginate", "http://127.0.0.1:9/v1/feed"], nil),
            (["--if-changed"], "http://127.0.0.1:9/v1/feed\n"),
            (["--if-changed", "http://127.0.0.1:9/a", "http://127.0.0.1:9/b"], nil),
            (["--cache-dir", "/tmp", "http://127.0.0.1:9/v1/feed"], nil),
        ]
        for misuse in misuses {
            let result = try Command.run("feed-fetch", misuse.arguments, stdin: misuse.stdin ?? "", environment: env)
            XCTAssertEqual(result.status, 64, "\(misuse.arguments): \(result.err)")
            XCTAssertEqual(result.errLines.count, 1, result.err)
        }
    }

    // MARK: - A 304 down the pipe

    func test_a304_passesThroughFeedMap_andRenewsTheCachedFeed_updatingTheValidatorsItCarries() throws {
        let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: "Tue, 24 Nov 2026 10:00:00 GMT", body: feedPayload([item]))
        let env = environment(server)
        XCTAssertEqual(try Command.sh(plain, environment: env).status, 0)
        let saved = try Command.run("feed-cache", ["load"], environment: env).out
        server.change(etag: #""a2""#, body: nil)

        let mapped = try Command.sh(#"feed-fetch --if-changed "$URL" | feed-map"#, environment: env)
        XCTAssertEqual(mapped.status, 0, mapped.err)
        XCTAssertEqual(mapped.err, "", "silently")
        XCTAssertEqual(mapped.records().first?["status"] as? Int, 304)

        let renewed = try Command.sh(#"feed-fetch --if-changed "$URL" | feed-map | feed-cache save"#, environment: env)
        XCTAssertEqual(renewed.status, 0, renewed.err)
        XCTAssertEqual(renewed.out, saved, "the cached feed, written as after any save")

        _ = try Command.sh(#"feed-fetch --if-changed "$URL""#, environment: env)
        XCTAssertEqual(server.requests.last?.header("If-None-Match"), #""a2""#, "the 304's ETag replaced the stored one")
        XCTAssertEqual(server.requests.last?.header("If-Modified-Since"), "Tue, 24 Nov 2026 10:00:00 GMT", "the one it did not carry is kept")
    }

    func test_a304_withNoCachedFeed_isNotFound_andCreatesNothing() throws {
        let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: nil, body: nil)
        let env = environment(server)

        let result = try Command.sh(#"feed-fetch "$URL" | feed-map | feed-cache save"#, environment: env)

        XCTAssertEqual(result.status, 66, result.err)
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.contains("304"), result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: env["FEED_CACHE_DIR"] ?? ""), "no cache made")
    }

    func test_a304_forAnotherURLsFeed_isNotFound_andLeavesTheCacheByteForByte() throws {
        let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: nil, body: feedPayload([item]))
        let env = environment(server)
        XCTAssertEqual(try Command.sh(plain, environment: env).status, 0)
        let before = tree(env["FEED_CACHE_DIR"] ?? "")
        server.change(etag: #""a""#, body: nil)

        let result = try Command.sh(#"feed-fetch "$URL?other" | feed-map | feed-cache save || echo "then: $?""#, environment: env)

        XCTAssertTrue(result.out.contains("then: 66"), result.out + result.err)
        XCTAssertSameTree(tree(env["FEED_CACHE_DIR"] ?? ""), before, "the cache")
    }

    func test_a304_amongDocuments_orAppended_isInvalidData_andSavesNothing() throws {
        let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: nil, body: feedPayload([item]))
        let env = environment(server)
        XCTAssertEqual(try Command.sh(plain, environment: env).status, 0)
        let before = tree(env["FEED_CACHE_DIR"] ?? "")
        let document = try Command.sh(#"feed-fetch "$URL" | feed-map"#, environment: env).out
        server.change(etag: #""a""#, body: nil)
        let notModified = try Command.sh(#"feed-fetch "$URL""#, environment: env).out

        for (stdin, arguments) in [(document + notModified, ["save"]), (notModified + document, ["save"]), (notModified, ["save", "--append"])] {
            let result = try Command.run("feed-cache", arguments, stdin: stdin, environment: env)
            XCTAssertEqual(result.status, 65, "\(arguments): \(result.err)")
            XCTAssertSameTree(tree(env["FEED_CACHE_DIR"] ?? ""), before, "the cache")
        }
    }

    // MARK: - Helpers

    private func environment(_ server: ConditionalFeedServer) -> [String: String] {
        ["URL": server.url, "FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
    }
}

/// A feed endpoint that answers as a server with validators does: a 200 with
/// its `ETag` and `Last-Modified`, or a 304 (no body) to a request whose
/// `If-None-Match` or `If-Modified-Since` matches; with no body set, a 304
/// to anything. What it answered is kept, in order.
final class ConditionalFeedServer: @unchecked Sendable {
    private struct State {
        var etag: String?
        var lastModified: String?
        var body: String?
        var answered: [Int] = []
    }

    private final class Shared: Sendable {
        let state: Locked<State>
        init(_ state: State) { self.state = Locked(state) }
    }

    private let shared: Shared
    private var server: LoopbackServer?

    init(_ testCase: XCTestCase, etag: String?, lastModified: String?, body: String?) throws {
        let shared = Shared(State(etag: etag, lastModified: lastModified, body: body))
        self.shared = shared
        let server = try LoopbackServer { request in
            shared.state.withLock { state in
                var headers: [(String, String)] = []
                if let etag = state.etag { headers.append(("ETag", etag)) }
                if let lastModified = state.lastModified { headers.append(("Last-Modified", lastModified)) }
                let unchanged = (state.etag != nil && request.header("If-None-Match") == state.etag)
                    || (state.lastModified != nil && request.header("If-Modified-Since") == state.lastModified)
                guard let body = state.body, !unchanged else {
                    state.answered.append(304)
                    return .respond(status: 304, headers: headers)
                }
                state.answered.append(200)
                return .respond(status: 200, headers: headers + [("Content-Type", "application/json")], body: Array(body.utf8))
            }
        }
        self.server = server
        testCase.addTeardownBlock { server.stop() }
    }

    var url: String { server?.url("/v1/feed") ?? "" }
    var requests: [LoopbackRequest] { server?.requests ?? [] }
    var answered: [Int] { shared.state.withLock { $0.answered } }

    /// From now on: this ETag, and this body (nil: a 304 to everything).
    func change(etag: String?, body: String?) {
        shared.state.withLock { state in
            state.etag = etag
            state.body = body
        }
    }
}
