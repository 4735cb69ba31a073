import Foundation
import LoopbackHTTP
import XCTest

/// `feed-fetch --paginate` with the built commands against a loopback server
/// that serves a feed of 23 items by `limit` and `after_id` (the case study's
/// FeedEndpoint), ids in lower case and compared exactly: pages in order, the
/// rules that end them, and the pipe into feed-map.
final class FeedFetchPaginationEndToEndTests: XCTestCase {
    /// 23 items, so 10 + 10 + 3 with `limit=10`.
    private let feed = PagedFeed(count: 23)

    func test_paginate_writesEveryPageInOrderAndFeedMapMakesADocumentOfEach() throws {
        let server = try serve(feed.handler)
        let url = server.url("/v1/feed?limit=10")

        let result = try Command.run("feed-fetch", ["--paginate", url])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        let records = result.records()
        XCTAssertEqual(records.map { $0["url"] as? String }, [url, url + "&after_id=\(feed.ids[9])", url + "&after_id=\(feed.ids[19])"])
        XCTAssertEqual(records.map { $0["status"] as? Int }, [200, 200, 200])
        XCTAssertEqual(records.map { itemIDs(inBody: $0).count }, [10, 10, 3])
        XCTAssertEqual(records.flatMap(itemIDs(inBody:)), feed.ids)

        let mapped = try Command.sh("feed-fetch --paginate \(shellQuote(url)) | feed-map")
        XCTAssertEqual(mapped.status, 0, mapped.err)
        let documents = mapped.records()
        XCTAssertEqual(documents.count, 3, mapped.out)
        let mappedIDs = documents.flatMap { ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
        XCTAssertEqual(mappedIDs, feed.ids, "the ids as the server sent them")
    }

    func test_paginate_writesEachPageAsItArrives() throws {
        let feed = self.feed
        let server = try serve { request in
            request.path.contains("after_id=") ? .delayed(seconds: 3, then: feed.handler(request)) : feed.handler(request)
        }

        let running = try Command.start("feed-fetch", ["--paginate", server.url("/v1/feed?limit=20")])

        XCTAssertTrue(running.waitForOutput(1000, timeout: 2.5), "page 1 was not written before page 2 came")
        XCTAssertEqual(String(decoding: running.outputSoFar, as: UTF8.self).filter { $0 == "\n" }.count, 1)
        let result = running.wait(timeout: 30)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { itemIDs(inBody: $0).count }, [20, 3])
    }

    func test_paginate_sendsAfterIDInTheServersOwnSpelling() throws {
        let server = try serve(feed.handler)

        let result = try Command.run("feed-fetch", ["--paginate", server.url("/v1/feed?limit=10")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(server.requests.map(\.path), [
            "/v1/feed?limit=10", "/v1/feed?limit=10&after_id=\(feed.ids[9])", "/v1/feed?limit=10&after_id=\(feed.ids[19])",
        ])
        XCTAssertTrue(feed.ids[9].contains { $0.isLowercase }, "the test's ids are in lower case")
    }

    func test_paginate_endsAfterAShortPage() throws {
        let server = try serve(feed.handler)

        let result = try Command.run("feed-fetch", ["--paginate", server.url("/v1/feed?limit=5")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { itemIDs(inBody: $0).count }, [5, 5, 5, 5, 3])
        XCTAssertEqual(server.requests.count, 5)
    }

    func test_paginate_endsAfterAnEmptyPage() throws {
        let server = try serve(feed.handler)

        let result = try Command.run("feed-fetch", ["--paginate", server.url("/v1/feed?limit=23")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { itemIDs(inBody: $0).count }, [23, 0])
    }

    func test_paginate_endsAfterAPageWhoseLastIDRepeats() throws {
        let firstPage = feed.handler(LoopbackRequest(method: "GET", path: "/v1/feed?limit=10"))
        let server = try serve { _ in firstPage } // after_id ignored: the same page again

        let result = try Command.run("feed-fetch", ["--paginate", server.url("/v1/feed?limit=10")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().count, 2)
        XCTAssertEqual(server.requests.count, 2)
    }

    func test_paginate_stopsAfterMaxPages_sayingSoInOneLine() throws {
        let server = try serve(feed.handler)

        let result = try Command.run("feed-fetch", ["--paginate", "--max-pages", "2", server.url("/v1/feed?limit=10")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("feed-fetch: ") && result.err.contains("2 pages") && result.err.contains("--max-pages")
                      && result.err.contains("more"), result.err)
        XCTAssertEqual(result.records().map { itemIDs(inBody: $0).count }, [10, 10])
        XCTAssertEqual(server.requests.count, 2)
    }

    /// Pages that end by themselves at the limit leave nothing cut: no line.
    func test_paginate_whosePagesEndAtMaxPages_saysNothing() throws {
        let server = try serve(feed.handler)

        let result = try Command.run("feed-fetch", ["--paginate", "--max-pages", "3", server.url("/v1/feed?limit=10")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.records().map { itemIDs(inBody: $0).count }, [10, 10, 3])
    }

    func test_paginate_writesA500OnPage2AsItsRecordAndExits0() throws {
        let feed = self.feed
        let server = try serve { request in
            request.path.contains("after_id=") ? .status(500, "down for maintenance") : feed.handler(request)
        }

        let result = try Command.run("feed-fetch", ["--paginate", server.url("/v1/feed?limit=10")])

        XCTAssertEqual(result.status, 0, "a status is a response: \(result.err)")
        XCTAssertEqual(result.err, "")
        let records = result.records()
        XCTAssertEqual(records.map { $0["status"] as? Int }, [200, 500])
        XCTAssertEqual(records.last?["body"] as? String, "down for maintenance")
        XCTAssertEqual(server.requests.count, 2)
    }

    func test_paginate_writesTheErrorRecordOfAPageThatFailsAndExits69() throws {
        let feed = self.feed
        let server = try serve { request in
            request.path.contains("after_id=") ? .closeWithoutResponse : feed.handler(request)
        }
        let url = server.url("/v1/feed?limit=10")

        let result = try Command.run("feed-fetch", ["--paginate", url])

        XCTAssertEqual(result.status, 69, result.err)
        let records = result.records()
        XCTAssertEqual(records.count, 2, result.out)
        XCTAssertEqual(records.first?["status"] as? Int, 200)
        XCTAssertEqual(records.last?["url"] as? String, url + "&after_id=\(feed.ids[9])")
        XCTAssertEqual((records.last?["error"] as? [String: Any])?["kind"] as? String, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, result.err)
    }

    func test_paginate_sendsTheHeadersOnEveryPageAndRetriesAPage() throws {
        let feed = self.feed, tally = Tally()
        let server = try serve { request in
            if request.path.contains("after_id=\(feed.ids[9])"), tally.next() == 0 {
                return .respond(status: 503, headers: [("Retry-After", "0")])
            }
            return feed.handler(request)
        }

        let result = try Command.run("feed-fetch", ["-H", "X-Token: t0k3n", "--retry", "2", "--paginate", server.url("/v1/feed?limit=10")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { $0["status"] as? Int }, [200, 200, 200])
        XCTAssertEqual(server.requests.count, 4, "page 2 tried twice")
        XCTAssertEqual(server.requests.map { $0.header("X-Token") }, Array(repeating: "t0k3n", count: 4))
    }

    func test_paginate_refusesURLsOnStdinOrMoreThanOneAsUsage() throws {
        let server = try serve(feed.handler)
        let url = server.url("/v1/feed?limit=10")

        let fromStdin = try Command.run("feed-fetch", ["--paginate"], stdin: url + "\n")
        let two = try Command.run("feed-fetch", ["--paginate", url, url])

        XCTAssertEqual(fromStdin.status, 64, fromStdin.err)
        XCTAssertEqual(two.status, 64, two.err)
        XCTAssertEqual(server.requests.count, 0)
    }

    // MARK: - Helpers

    private func serve(_ handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws -> LoopbackServer {
        let server = try LoopbackServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }

    /// The ids of the items in a response record's body, in order.
    private func itemIDs(inBody record: [String: Any]) -> [String] {
        guard let body = record["body"] as? String,
              let payload = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any],
              let items = payload["items"] as? [[String: Any]] else { return [] }
        return items.compactMap { $0["id"] as? String }
    }
}

/// A feed API with `count` items, lower-case ids: `GET /v1/feed?limit=N`
/// (10 by default) gives the first N, `&after_id=ID` the N after the item
/// whose id is exactly ID (an unknown ID is a 400).
private struct PagedFeed: Sendable {
    let ids: [String]

    init(count: Int) {
        ids = (0..<count).map { "\(hex($0 * 7919, 8))-beef-4cad-8\(hex($0, 3))-\(hex($0 * 104_729, 12))".lowercased() }
    }

    var handler: @Sendable (LoopbackRequest) -> LoopbackReply {
        let ids = self.ids
        return { request in
            guard request.pathWithoutQuery == "/v1/feed" else { return .notFound }
            var parameters: [String: String] = [:]
            for pair in (request.query ?? "").split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                parameters[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            }
            let limit = parameters["limit"].flatMap { Int($0) } ?? 10
            var start = 0
            if let after = parameters["after_id"] {
                guard let index = ids.firstIndex(where: { $0.utf8.elementsEqual(after.utf8) }) else { return .status(400, "unknown after_id") }
                start = index + 1
            }
            let page = ids[start..<min(start + limit, ids.count)]
            return .ok(feedPayload(page.map { ["id": $0, "image": "https://images.example/\($0).jpg"] }))
        }
    }
}

private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int { lock.withLock { defer { count += 1 }; return count } }
}
