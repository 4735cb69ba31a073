import Foundation
import XCTest

/// `feed-fetch --if-changed` reads the cache's validators only from a folder
/// feed-cache would trust: from one others may write to, or another user
/// owns, the request is an ordinary GET, and nothing is said.
final class FeedRefreshUntrustedCacheTests: XCTestCase {
    private let plain = #"feed-fetch "$URL" | feed-map | feed-cache save -q"#
    private let item = ["id": "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", "image": "https://images.example/1.jpg"]

    func test_aCacheOthersCanWrite_orAnotherUserOwns_meansAPlainGET_silently() throws {
        var changes: [(String, (String) -> Void)] = [("0777", { XCTAssertEqual(chmod($0, 0o777), 0) }),
                                                    ("0770", { XCTAssertEqual(chmod($0, 0o770), 0) })]
        if geteuid() == 0 { changes.append(("owned by 65534", { XCTAssertEqual(chown($0, 65534, 65534), 0) })) }
        for (what, change) in changes {
            let server = try ConditionalFeedServer(self, etag: #""a""#, lastModified: nil, body: feedPayload([item]))
            let cache = makeTemporaryDirectory(self) + "/cache"
            let env = ["URL": server.url, "FEED_CACHE_DIR": cache]
            XCTAssertEqual(try Command.sh(plain, environment: env).status, 0)
            let trusted = try Command.sh(#"feed-fetch --if-changed "$URL""#, environment: env)
            XCTAssertEqual(server.requests.last?.header("If-None-Match"), #""a""#, "\(what): the private cache's validators are sent")
            XCTAssertEqual(trusted.status, 0, trusted.err)

            change(cache)
            let result = try Command.sh(#"feed-fetch --if-changed "$URL""#, environment: env)

            XCTAssertEqual(result.status, 0, "\(what): \(result.err)")
            XCTAssertEqual(result.err, "", what)
            XCTAssertNil(server.requests.last?.header("If-None-Match"), what)
            XCTAssertEqual(server.answered.last, 200, what)
        }
    }
}
