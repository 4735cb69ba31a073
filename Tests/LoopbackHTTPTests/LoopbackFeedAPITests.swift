import FeedPlatform
import LoopbackHTTP
import XCTest

/// `LoopbackRoutes.feedAPI(in:matching:)`: the case study's feed pages and comments over a
/// directory's feed file, and the request's query.
final class LoopbackFeedAPITests: XCTestCase {
    private var directory = ""

    /// Five items, ids spelt in lower case as the server spells them; the third has an escape
    /// in its id's string and nested objects with ids of their own; a pretty-printed file.
    private static let ids = [
        "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6",
        "ba298a85-6275-48d3-8315-9c8f7c1cd109",
        "5a0d45b3-8e26-4385-8c5d-213e160a5e3c",
        "ff0ecfe2-2879-403f-8dbe-a83b4010b340",
        "not-a-uuid",
    ]
    private static let feed = """
    {
      "items": [
        {
          "id": "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6",
          "description": "East Side Gallery",
          "image": "http://h/1.png"
        },
        {
          "id": "ba298a85-6275-48d3-8315-9c8f7c1cd109",
          "image": "http://h/2.png"
        },
        {
          "extra": {"id": "00000000-0000-0000-0000-000000000000", "list": [1, -2.5e3, true, null, "]"]},
          "id": "5a0d45b3-8e26-4385-8c5d-213e160a5e3\\u0063",
          "image": "http://h/3.png"
        },
        {
          "id": "ff0ecfe2-2879-403f-8dbe-a83b4010b340",
          "image": "http://h/4.png"
        },
        {
          "id": "not-a-uuid",
          "image": "http://h/5.png"
        }
      ],
      "next": null
    }

    """

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "loopback-feed-api-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory + "/v1/image/\(Self.ids[1])", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/images", withIntermediateDirectories: true)
        try write(Self.feed, to: "v1/feed")
        try write(#"{"items":[{"id":"c1"}]}"#, to: "v1/image/\(Self.ids[1])/comments")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: directory + "/images/1.png"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: - Pages

    func test_feed_withoutLimitOrAfterID_isTheFileByteForByte() {
        let api = LoopbackRoutes.feedAPI(in: directory)
        for target in ["/v1/feed", "/v1/feed?", "/v1/feed?page=2", "/v1/feed?limit=5", "/v1/feed?limit=1000",
                       "/v1/feed?limit=99999999999999999999999"] {
            XCTAssertEqual(body(api(get(target))), Self.feed, target)
        }
    }

    func test_feed_pagesByLimitAndAfterID_untilAShortLastPage() {
        let api = LoopbackRoutes.feedAPI(in: directory)
        XCTAssertEqual(ids(api(get("/v1/feed?limit=2"))), Array(Self.ids[0..<2]))
        XCTAssertEqual(ids(api(get("/v1/feed?limit=2&after_id=\(Self.ids[1])"))), Array(Self.ids[2..<4]))
        XCTAssertEqual(ids(api(get("/v1/feed?after_id=\(Self.ids[3])&limit=2"))), [Self.ids[4]], "the last page is short")
        XCTAssertEqual(ids(api(get("/v1/feed?limit=2&after_id=\(Self.ids[4])"))), [], "after the last item: an empty page")
        XCTAssertEqual(ids(api(get("/v1/feed?after_id=\(Self.ids[0])"))), Array(Self.ids[1...]), "no limit: every item after")
        XCTAssertEqual(ids(api(get("/v1/feed?limit=1&after_id=5a0d45b3-8e26-4385-8c5d-213e160a5e3c"))), [Self.ids[3]],
                       "the id as decoded from its JSON string")
        XCTAssertEqual(ids(api(get("/v1/feed?limit=1&after_id=ba298a85%2D6275-48d3-8315-9c8f7c1cd109"))), [Self.ids[2]],
                       "the query value percent-decoded")
    }

    func test_feed_page_keepsTheItemsBytesAndTheFilesLayout() {
        let api = LoopbackRoutes.feedAPI(in: directory)
        let page = body(api(get("/v1/feed?limit=2&after_id=\(Self.ids[1])")))
        XCTAssertEqual(page, """
        {
          "items": [
            {
              "extra": {"id": "00000000-0000-0000-0000-000000000000", "list": [1, -2.5e3, true, null, "]"]},
              "id": "5a0d45b3-8e26-4385-8c5d-213e160a5e3\\u0063",
              "image": "http://h/3.png"
            },
            {
              "id": "ff0ecfe2-2879-403f-8dbe-a83b4010b340",
              "image": "http://h/4.png"
            }
          ],
          "next": null
        }

        """)
        XCTAssertEqual(body(api(get("/v1/feed?after_id=not-a-uuid"))), """
        {
          "items": [],
          "next": null
        }

        """)
        XCTAssertEqual(header(api(get("/v1/feed?limit=1")), "Content-Type"), "application/json")
    }

    func test_feed_exactMatching_findsAnAfterIDOnlyAsTheFeedSpellsIt() {
        let api = LoopbackRoutes.feedAPI(in: directory, matching: .exact)
        let upper = Self.ids[1].uppercased()
        XCTAssertEqual(status(api(get("/v1/feed?limit=2&after_id=\(upper)"))), 400, "upper case is another id")
        XCTAssertEqual(body(api(get("/v1/feed?limit=2&after_id=\(upper)"))), #"{"error":"after_id matches no item"}"#)
        XCTAssertEqual(ids(api(get("/v1/feed?limit=2&after_id=\(Self.ids[1])"))), Array(Self.ids[2..<4]))
        XCTAssertEqual(status(LoopbackRoutes.feedAPI(in: directory)(get("/v1/feed?after_id=\(upper)"))), 400, "exact by default")
    }

    func test_feed_uuidMatching_findsAUUIDInAnyCase_andAnythingElseExactly() {
        let api = LoopbackRoutes.feedAPI(in: directory, matching: .uuid)
        XCTAssertEqual(ids(api(get("/v1/feed?limit=2&after_id=\(Self.ids[1].uppercased())"))), Array(Self.ids[2..<4]))
        XCTAssertEqual(ids(api(get("/v1/feed?limit=2&after_id=BA298A85-6275-48d3-8315-9C8F7C1CD109"))), Array(Self.ids[2..<4]))
        XCTAssertEqual(ids(api(get("/v1/feed?after_id=not-a-uuid"))), [])
        XCTAssertEqual(status(api(get("/v1/feed?after_id=NOT-A-UUID"))), 400, "not a UUID: compared exactly")
    }

    func test_feed_rejectsAnUnknownAfterID_aBadLimit_andARepeatedParameter() {
        let api = LoopbackRoutes.feedAPI(in: directory, matching: .uuid)
        let rejected = [
            "/v1/feed?limit=2&after_id=00000000-0000-0000-0000-000000000000",  // in the file, not an item's id
            "/v1/feed?after_id=",
            "/v1/feed?limit=0", "/v1/feed?limit=-1", "/v1/feed?limit=1.5", "/v1/feed?limit=", "/v1/feed?limit=ten",
            "/v1/feed?limit=%31%", "/v1/feed?limit=+1",
            "/v1/feed?limit=2&limit=3", "/v1/feed?limit=2&after_id=\(Self.ids[0])&after_id=\(Self.ids[1])",
        ]
        for target in rejected {
            let reply = api(get(target))
            XCTAssertEqual(status(reply), 400, target)
            XCTAssertTrue(body(reply)?.hasPrefix(#"{"error":""#) ?? false, target)
        }
        XCTAssertEqual(ids(api(get("/v1/feed?limit=0002"))), Array(Self.ids[0..<2]), "digits, leading zeros allowed")
    }

    func test_feed_page_ofAMissingFile_is404_andOfAFileThatIsNoPayload_500() throws {
        let api = LoopbackRoutes.feedAPI(in: directory)
        for garbage in ["", "[]", #"{"items":{}}"#, #"{"other":[]}"#, #"{"items":[1,]}"#, #"{"items":[]} x"#,
                        #"{"items":["\#u{01}"]}"#, #"{"items":["# + String(repeating: "[", count: 100_000)] {
            try write(garbage, to: "v1/feed")
            XCTAssertEqual(status(api(get("/v1/feed?limit=1"))), 500, garbage.prefix(20).description)
            XCTAssertEqual(body(api(get("/v1/feed"))), garbage, "the file itself is still served as it is")
        }
        try FileManager.default.removeItem(atPath: directory + "/v1/feed")
        XCTAssertEqual(status(api(get("/v1/feed?limit=1"))), 404)
        try write(#"{"items":[{"id":"a"},{"id":"b"}]}"#, to: "v1/feed.json")
        XCTAssertEqual(body(api(get("/v1/feed?limit=1&after_id=a"))), #"{"items":[{"id":"b"}]}"#, "v1/feed.json when v1/feed is missing")
    }

    // MARK: - Comments

    func test_comments_ofAnImageOfTheFeed_areItsFile_elseAnEmptyList_andOfAnyOtherID_404() {
        let api = LoopbackRoutes.feedAPI(in: directory)
        let commented = api(get("/v1/image/\(Self.ids[1])/comments"))
        XCTAssertEqual(status(commented), 200)
        XCTAssertEqual(header(commented, "Content-Type"), "application/json")
        XCTAssertEqual(body(commented), #"{"items":[{"id":"c1"}]}"#)
        XCTAssertEqual(body(api(get("/v1/image/\(Self.ids[0])/comments"))), #"{"items":[]}"#)
        XCTAssertEqual(body(api(get("/v1/image/\(Self.ids[1])/comments?x=1"))), #"{"items":[{"id":"c1"}]}"#)
        XCTAssertEqual(status(api(get("/v1/image/00000000-0000-0000-0000-000000000000/comments"))), 404)
        XCTAssertEqual(status(api(get("/v1/image/\(Self.ids[1].uppercased())/comments"))), 404, "exact: upper case is another id")
    }

    func test_comments_uuidMatching_findsTheFileUnderTheFeedsSpelling() {
        let api = LoopbackRoutes.feedAPI(in: directory, matching: .uuid)
        XCTAssertEqual(body(api(get("/v1/image/\(Self.ids[1].uppercased())/comments"))), #"{"items":[{"id":"c1"}]}"#)
        XCTAssertEqual(body(api(get("/v1/image/not-a-uuid/comments"))), #"{"items":[]}"#)
        XCTAssertEqual(status(api(get("/v1/image/NOT-A-UUID/comments"))), 404)
    }

    func test_comments_withoutAReadableFeed_areServedAsFiles() throws {
        try write("garbage", to: "v1/feed")
        let api = LoopbackRoutes.feedAPI(in: directory)
        XCTAssertEqual(body(api(get("/v1/image/\(Self.ids[1])/comments"))), #"{"items":[{"id":"c1"}]}"#)
        XCTAssertEqual(status(api(get("/v1/image/\(Self.ids[0])/comments"))), 404)
    }

    // MARK: - Everything else

    func test_everythingElse_isServedAsFiles_andOnlyGETAndHEAD() {
        let api = LoopbackRoutes.feedAPI(in: directory)
        XCTAssertEqual(header(api(get("/images/1.png")), "Content-Type"), "image/png")
        XCTAssertEqual(status(api(get("/images/2.png"))), 404)
        XCTAssertEqual(status(api(get("/v1/feed/../../secret"))), 400)
        XCTAssertEqual(status(api(get("/v1/image//comments"))), 404)
        XCTAssertEqual(status(api(LoopbackRequest(method: "HEAD", path: "/v1/feed?limit=1"))), 200)
        let post = api(LoopbackRequest(method: "POST", path: "/v1/feed?limit=1"))
        XCTAssertEqual(status(post), 405)
        XCTAssertEqual(header(post, "Allow"), "GET, HEAD")
    }

    func test_pagesOverTheWire_tillTheShortLastPage() throws {
        let server = try LoopbackServer(handler: LoopbackRoutes.feedAPI(in: directory))
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        var seen: [String] = []
        var target = "/v1/feed?limit=2"
        while true {
            try client.sendRequest(target)
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 200, target)
            let page = Self.itemIDs(response.body)
            seen += page
            guard page.count == 2, let last = page.last else { break }
            target = "/v1/feed?limit=2&after_id=\(last)"
        }
        XCTAssertEqual(seen, Self.ids)
        try client.sendRequest("HEAD", "/v1/feed?limit=2")
        let head = try client.readResponse(forHead: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length").flatMap(Int.init), body(LoopbackRoutes.feedAPI(in: directory)(get("/v1/feed?limit=2")))?.utf8.count)
    }

    // MARK: - The query

    func test_queryItems_decodeAsAFormDoes() {
        func items(_ target: String) -> [String]? {
            LoopbackRequest(method: "GET", path: target).queryItems?.map { "\($0.name)=\($0.value)" }
        }
        XCTAssertEqual(items("/v1/feed"), [])
        XCTAssertEqual(items("/v1/feed?"), [])
        XCTAssertEqual(items("/v1/feed?limit=10&&after_id=a%2Fb+c&flag&e="), ["limit=10", "after_id=a/b c", "flag=", "e="])
        XCTAssertEqual(items("/v1/feed?x=a=b"), ["x=a=b"])
        XCTAssertNil(items("/v1/feed?x=%zz"))
        XCTAssertNil(items("/v1/feed?x=%ff"), "not UTF-8")
        let request = LoopbackRequest(method: "GET", path: "/v1/feed?limit=1&Limit=2&limit=3")
        XCTAssertEqual(request.queryValues("limit"), ["1", "3"])
        XCTAssertEqual(request.queryValues("after_id"), [])
        XCTAssertNil(LoopbackRequest(method: "GET", path: "/?a=%").queryValues("a"))
    }

    // MARK: - Helpers

    private func write(_ text: String, to relative: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + relative))
    }

    private func get(_ target: String) -> LoopbackRequest {
        LoopbackRequest(method: "GET", path: target)
    }

    private func status(_ reply: LoopbackReply) -> Int? {
        if case let .respond(status, _, _) = reply { return status }
        return nil
    }

    private func body(_ reply: LoopbackReply) -> String? {
        if case let .respond(_, _, body) = reply { return String(decoding: body, as: UTF8.self) }
        return nil
    }

    private func header(_ reply: LoopbackReply, _ name: String) -> String? {
        if case let .respond(_, headers, _) = reply { return headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        return nil
    }

    /// The items' ids of a 200 reply's payload, as JSONSerialization decodes them; nil for
    /// another status or a body that is not a payload.
    private func ids(_ reply: LoopbackReply, file: StaticString = #filePath, line: UInt = #line) -> [String]? {
        guard case let .respond(status, _, body) = reply, status == 200 else {
            XCTFail("not a 200: \(reply)", file: file, line: line)
            return nil
        }
        return Self.itemIDs(body)
    }

    private static func itemIDs(_ body: [UInt8]) -> [String] {
        let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        let items = object?["items"] as? [[String: Any]] ?? []
        return items.compactMap { $0["id"] as? String }
    }
}
