import Foundation
import LoopbackHTTP
import XCTest

/// The demo's fixture API (demo/api: 25 items, their images and comments)
/// served on loopback in this process, as feed-fixture-server serves it (an
/// ETag on the feed, a 304 when it is sent back), its requests recorded;
/// stopped when the test ends.
struct FixtureAPI {
    let server: LoopbackServer
    var feedURL: String { server.url("/v1/feed") }

    init(_ test: XCTestCase, root packageRoot: String) throws {
        let api = makeTemporaryDirectory(test) + "/api"
        try FileManager.default.copyItem(atPath: packageRoot + "/demo/api", toPath: api)
        server = try LoopbackServer(handler: LoopbackRoutes.feedAPI(in: api, matching: .uuid))
        let stopped = server
        test.addTeardownBlock { stopped.stop() }
        let feed = try String(contentsOfFile: api + "/v1/feed", encoding: .utf8)
        try Data(feed.replacingOccurrences(of: "__BASE__", with: server.baseURL).utf8).write(to: URL(fileURLWithPath: api + "/v1/feed"))
    }
}
