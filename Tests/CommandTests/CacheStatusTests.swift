import Foundation
import XCTest
import FeedTestSupport

/// `feed-cache status` after each thing a refresh can do, read from the
/// built commands: the JSON key by key, the text's first line, and that the
/// report changes nothing.
final class CacheStatusTests: XCTestCase {
    private let refresh = #"feed-fetch --if-changed "$URL" | feed-map | feed-cache save -q"#
    private let items = [
        ["id": "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", "image": "https://images.example/1.jpg"],
        ["id": "83a7f70c-75da-4c2e-b5a3-eed40dc53aa6", "image": "https://images.example/2.jpg"],
    ]

    func test_noCache_reportsTheFolderAndNothingElse_andCreatesNothing() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]

        let json = try status(env)
        let text = try Command.run("feed-cache", ["status"], environment: env)

        XCTAssertEqual(json.keys.sorted(), ["cache", "images"])
        XCTAssertEqual(json["cache"] as? String, env["FEED_CACHE_DIR"])
        XCTAssertEqual(json["images"] as? [String: Int], ["stored": 0, "bytes": 0])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.outLines.first?.hasPrefix("Not well: no cached feed") == true, text.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: env["FEED_CACHE_DIR"] ?? ""), "status created the cache")
    }

    func test_aFailedRefreshWithNoCache_leavesNoFolderAndNoHistory() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache", "URL": "http://127.0.0.1:9/v1/feed"]

        let result = try Command.sh(#"feed-fetch --connect-timeout 5 "$URL" | feed-map | feed-cache save -q"#, environment: env)

        XCTAssertEqual(result.status, 69, result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: env["FEED_CACHE_DIR"] ?? ""), "a folder made just for the history")
    }

    func test_afterAFreshSave_aThreeOhFour_andAFreshRun() throws {
        let server = try ScriptedFeedServer(self, [feed(["Cache-Control": "max-age=600"]), notModified(["Cache-Control": "max-age=600"])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)

        var report = try status(env, at: "2026-11-01 08:00:30")
        XCTAssertEqual(report.keys.sorted(), ["cache", "feed", "images", "refresh"])
        XCTAssertEqual(report["feed"] as? NSDictionary, [
            "items": 2, "saved_at": "2026-11-01T08:00:00Z", "expires_at": "2026-11-08T08:00:00Z", "url": server.url, "validators": true,
        ] as NSDictionary)
        XCTAssertEqual(report["images"] as? [String: Int], ["stored": 0, "missing": 2, "bytes": 0])
        XCTAssertEqual(report["refresh"] as? NSDictionary, [
            "last_attempt": "2026-11-01T08:00:00Z", "last_success": "2026-11-01T08:00:00Z", "failures": 0,
            "fresh_until": "2026-11-01T08:10:00Z",
        ] as NSDictionary)
        let text = try runAt("2026-11-01 08:00:30", "feed-cache status", env)
        XCTAssertTrue(text.outLines.first?.hasPrefix("All is well: refreshed 2026-11-01T08:00:00Z") == true, text.out)

        XCTAssertEqual(try runAt("2026-11-01 08:20:00", refresh, env).status, 0, "a 304")
        report = try status(env, at: "2026-11-01 08:20:00")
        XCTAssertEqual((report["feed"] as? [String: Any])?["saved_at"] as? String, "2026-11-01T08:20:00Z", "renewed by the 304")
        XCTAssertEqual((report["refresh"] as? [String: Any])?["fresh_until"] as? String, "2026-11-01T08:30:00Z")

        XCTAssertEqual(try runAt("2026-11-01 08:25:00", refresh, env).status, 0, "a fresh run")
        report = try status(env, at: "2026-11-01 08:25:00")
        XCTAssertEqual((report["feed"] as? [String: Any])?["saved_at"] as? String, "2026-11-01T08:20:00Z", "a fresh run saves nothing")
        XCTAssertEqual((report["refresh"] as? [String: Any])?["last_success"] as? String, "2026-11-01T08:25:00Z")
        XCTAssertEqual(server.answered, [200, 304])
    }

    func test_afterThreeFailuresOfDifferentKinds_countsThem_keepsTheLast_andSaysSinceWhen() throws {
        let server = try ScriptedFeedServer(self, [feed([:]), reply(429, ["Retry-After": "120"])])
        var env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)
        XCTAssertEqual(try runAt("2026-11-01 09:00:00", refresh, env).status, 65, "a 429: invalid-data")
        env["URL"] = "http://127.0.0.1:9/v1/feed"
        XCTAssertEqual(try runAt("2026-11-01 10:00:00", #"feed-fetch --connect-timeout 5 "$URL" | feed-map | feed-cache save -q"#, env).status, 69)
        XCTAssertEqual(try runAt("2026-11-01 11:00:00", #"feed-fetch 'ftp://h/feed' | feed-map | feed-cache save -q"#, env).status, 64)
        let before = tree(env["FEED_CACHE_DIR"] ?? "")

        let report = try status(env, at: "2026-11-01 11:00:00")
        let text = try runAt("2026-11-01 11:00:00", "feed-cache status", env)

        let refresh = try XCTUnwrap(report["refresh"] as? [String: Any])
        XCTAssertEqual(refresh.keys.sorted(), ["failures", "last_attempt", "last_failure", "last_success", "not_before"])
        XCTAssertEqual(refresh["failures"] as? Int, 3)
        XCTAssertEqual(refresh["last_attempt"] as? String, "2026-11-01T11:00:00Z")
        XCTAssertEqual(refresh["last_success"] as? String, "2026-11-01T08:00:00Z")
        XCTAssertEqual(refresh["not_before"] as? String, "2026-11-01T09:02:00Z", "the 429's wait, kept until a success")
        let failure = try XCTUnwrap(refresh["last_failure"] as? [String: String])
        XCTAssertEqual(failure["at"], "2026-11-01T11:00:00Z")
        XCTAssertEqual(failure["kind"], "usage")
        XCTAssertTrue(failure["message"]?.contains("ftp") == true, failure["message"] ?? "")
        XCTAssertEqual(text.outLines.first, "Not well: 3 refreshes failed in a row, not refreshed since 2026-11-01T08:00:00Z (3 hours ago).")
        XCTAssertTrue(text.outLines.dropFirst().first?.hasPrefix("Last failure: 2026-11-01T11:00:00Z (just now), usage:") == true, text.out)
        XCTAssertEqual(tree(env["FEED_CACHE_DIR"] ?? ""), before, "status wrote nothing")
    }

    func test_aSuccessAfterFailures_resetsTheCount_andTheWait_keepingTheLastFailure() throws {
        let server = try ScriptedFeedServer(self, [feed([:]), reply(503, ["Retry-After": "60"]), notModified([:])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)
        XCTAssertEqual(try runAt("2026-11-01 09:00:00", refresh, env).status, 65)
        XCTAssertEqual(try runAt("2026-11-01 09:05:00", refresh, env).status, 0)

        let refresh = try XCTUnwrap(try status(env, at: "2026-11-01 09:05:00")["refresh"] as? [String: Any])

        XCTAssertEqual(refresh["failures"] as? Int, 0)
        XCTAssertNil(refresh["not_before"])
        XCTAssertEqual(refresh["last_success"] as? String, "2026-11-01T09:05:00Z")
        XCTAssertEqual((refresh["last_failure"] as? [String: String])?["kind"], "invalid-data")
    }

    func test_anExpiredFeed_saysSoFirst() throws {
        let server = try ScriptedFeedServer(self, [feed([:])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)

        let report = try status(env, at: "2026-11-09 08:00:00")
        let text = try runAt("2026-11-09 08:00:00", "feed-cache status", env)

        XCTAssertEqual((report["feed"] as? [String: Any])?["expires_at"] as? String, "2026-11-08T08:00:00Z")
        XCTAssertEqual(text.status, 0)
        XCTAssertEqual(text.outLines.first,
                       "Not well: the cached feed expired 2026-11-08T08:00:00Z (1 day ago); not refreshed since 2026-11-01T08:00:00Z (1 week ago).")
    }

    func test_missingImages_areCounted_andTheStoredOnesBytesAreTheFiles() throws {
        let server = try ScriptedFeedServer(self, [feed([:])])
        let env = environment(server)
        XCTAssertEqual(try Command.sh(refresh, environment: env).status, 0)
        let record = #"{"url":"https://images.example/1.jpg","status":200,"headers":{},"body":"0123456789"}"#
        XCTAssertEqual(try Command.run("feed-cache", ["image", "save"], stdin: record + "\n", environment: env).status, 0)
        let images = (env["FEED_CACHE_DIR"] ?? "") + "/images"
        let files = try FileManager.default.contentsOfDirectory(atPath: images)
        let bytes = try files.reduce(0) { $0 + ((try FileManager.default.attributesOfItem(atPath: images + "/" + $1)[.size] as? Int) ?? 0) }

        let report = try status(env)

        XCTAssertEqual(files.count, 1)
        XCTAssertEqual(report["images"] as? [String: Int], ["stored": 1, "missing": 1, "bytes": bytes])
    }

    func test_aFormatOtherThanTextOrJSON_isUsage() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let result = try Command.run("feed-cache", ["status", "--format", "html"], environment: env)
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errLines.count, 1, result.err)
    }

    // MARK: - Helpers

    private func status(_ env: [String: String], at time: String? = nil) throws -> [String: Any] {
        let result = try time.map { try runAt($0, "feed-cache status --format json", env) }
            ?? Command.run("feed-cache", ["status", "--format", "json"], environment: env)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.outLines.count, 1, result.out)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], result.out)
    }

    private func feed(_ headers: [String: String]) -> ScriptedFeedServer.Reply {
        reply(200, headers.merging(["ETag": #""a""#]) { mine, _ in mine }, body: feedPayload(items))
    }

    private func notModified(_ headers: [String: String]) -> ScriptedFeedServer.Reply {
        reply(304, headers.merging(["ETag": #""a""#]) { mine, _ in mine })
    }

    private func reply(_ status: Int, _ headers: [String: String], body: String = "") -> ScriptedFeedServer.Reply {
        ScriptedFeedServer.Reply(status: status, headers: headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, body: body)
    }

    private func environment(_ server: ScriptedFeedServer) -> [String: String] {
        ["URL": server.url, "FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
    }
}
