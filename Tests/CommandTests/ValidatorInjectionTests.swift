import Foundation
import LoopbackHTTP
import XCTest

/// A validator is data, never header syntax: an `ETag` or `Last-Modified`
/// holding a control byte, or longer than 1024 bytes, is not stored, whether
/// a server sent it or a piped document carried it, and the next
/// `--if-changed` is a plain GET. What went on the wire is read from the
/// request's raw head, as the server received it.
final class ValidatorInjectionTests: XCTestCase {
    private let item = #"{"id":"73a7f70c-75da-4c2e-b5a3-eed40dc53aa6","url":"https://images.example/1.jpg"}"#
    private let payload = #"{"items":[{"id":"73a7f70c-75da-4c2e-b5a3-eed40dc53aa6","image":"https://images.example/1.jpg"}]}"#

    func test_aServersETagWithABareCR_isNotStored_soTheNextIfChangedSendsNoCRAndNoInjectedHeader() throws {
        let head = "HTTP/1.1 200 OK\r\nETag: \"a\"\rX-Injected: 1\r\nContent-Type: application/json\r\nContent-Length: \(payload.utf8.count)\r\nConnection: close\r\n\r\n"
        let server = try LoopbackServer(handler: LoopbackRoutes.sequence([.raw(Array((head + payload).utf8)), .ok(payload)]))
        addTeardownBlock { server.stop() }
        let env = ["URL": server.url("/v1/feed"), "FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]

        let saved = try Command.sh(#"feed-fetch "$URL" | feed-map | feed-cache save -q"#, environment: env)
        XCTAssertEqual(saved.status, 0, saved.err)
        let asked = try Command.sh(#"feed-fetch --if-changed "$URL""#, environment: env)

        XCTAssertEqual(asked.status, 0, asked.err)
        let request = try XCTUnwrap(server.requests.last)
        XCTAssertEqual(server.requests.count, 2)
        assertPlainGET(request)
        XCTAssertFalse(try storedFeed(env["FEED_CACHE_DIR"] ?? "").contains("etag"), "the ETag is not in the cache")
    }

    func test_aPipedDocumentsETagThatSmugglesLines_isNotStored_andTheNextRequestHasOneHostLine() throws {
        try assertNotStored(etag: "\"a\"\r\nX-Injected: yes\r\nHost: evil")
    }

    func test_aValidatorWithANulATabADelOrABareLF_isNotStored() throws {
        for etag in ["\"a\u{0}b\"", "\"a\tb\"", "\"a\u{7F}\"", "\"a\"\nX-Injected: yes", "\"a\u{1B}[2J\""] {
            try assertNotStored(etag: etag)
        }
    }

    func test_aValidatorOver1024Bytes_isNotStored_andOneOf1024Is() throws {
        try assertNotStored(etag: "\"" + String(repeating: "a", count: 10_000) + "\"")
        let longest = "\"" + String(repeating: "b", count: 1022) + "\""
        let request = try ifChanged(afterSaving: validators(etag: longest, lastModified: nil), compact: true)
        XCTAssertEqual(request.headerValues("If-None-Match"), [longest])
    }

    func test_aBadLastModified_isDropped_andAGoodETagBesideItIsStillSent() throws {
        for compact in [true, false] {
            let request = try ifChanged(afterSaving: validators(etag: #""good""#, lastModified: "Tue, 24 Nov 2026\r\nX-Injected: yes"), compact: compact)
            XCTAssertEqual(request.headerValues("If-None-Match"), [#""good""#], "compact: \(compact)")
            XCTAssertNil(request.header("If-Modified-Since"), "compact: \(compact)")
            assertNothingInjected(request)
            XCTAssertFalse(try storedFeed(lastCache).contains("last_modified"), "compact: \(compact)")
        }
    }

    // MARK: - Helpers

    /// Saved from a piped document (compact, as feed-map writes it, which the
    /// fast path reads; and spread over lines, which the reference reads),
    /// `etag` is not stored: the next `--if-changed` is a plain GET.
    private func assertNotStored(etag: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for compact in [true, false] {
            let request = try ifChanged(afterSaving: validators(etag: etag, lastModified: nil), compact: compact)
            assertPlainGET(request, "\(etag.debugDescription.prefix(40)), compact: \(compact)", file: file, line: line)
            XCTAssertFalse(try storedFeed(lastCache).contains("etag"), "stored (\(etag.debugDescription.prefix(40)), compact: \(compact))",
                           file: file, line: line)
        }
    }

    private func validators(etag: String?, lastModified: String?) -> (String) -> String {
        { url in
            var members = [#""url":\#(self.json(url))"#]
            if let etag { members.append(#""etag":\#(self.json(etag))"#) }
            if let lastModified { members.append(#""last_modified":\#(self.json(lastModified))"#) }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    /// Saves a document for the server's URL with `validators`, then asks
    /// `--if-changed`: the request the server received.
    private func ifChanged(afterSaving validators: (String) -> String, compact: Bool) throws -> LoopbackRequest {
        let server = try serve(["/v1/feed": .ok(payload)])
        let url = server.url("/v1/feed")
        let cache = makeTemporaryDirectory(self) + "/cache"
        lastCache = cache
        let document = compact
            ? #"{"items":[\#(item)],"validators":\#(validators(url))}"#
            : "{\n  \"items\": [\n    \(item)\n  ],\n  \"validators\": \(validators(url))\n}"
        let saved = try Command.run("feed-cache", ["save", "-q"], stdin: document + "\n", environment: ["FEED_CACHE_DIR": cache])
        XCTAssertEqual(saved.status, 0, saved.err)
        let asked = try Command.run("feed-fetch", ["--if-changed", "--cache-dir", cache, url])
        XCTAssertEqual(asked.status, 0, asked.err)
        return try XCTUnwrap(server.requests.last)
    }

    /// The cache folder `ifChanged` used last.
    private var lastCache = ""

    /// The cache's feed file, as text.
    private func storedFeed(_ cache: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: cache + "/feed")), as: UTF8.self)
    }

    private func json(_ text: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed)) ?? Data(), as: UTF8.self)
    }

    private func assertPlainGET(_ request: LoopbackRequest, _ context: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(request.header("If-None-Match"), context, file: file, line: line)
        XCTAssertNil(request.header("If-Modified-Since"), context, file: file, line: line)
        assertNothingInjected(request, context, file: file, line: line)
    }

    /// The raw head: every CR ends a line (CR LF), no control byte else, one
    /// Host line, no header the validator smuggled.
    private func assertNothingInjected(_ request: LoopbackRequest, _ context: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let head = request.head
        XCTAssertFalse(head.isEmpty, context, file: file, line: line)
        for (index, byte) in head.enumerated() where byte < 0x20 || byte == 0x7F {
            let endsLine = (byte == 0x0D && index + 1 < head.count && head[index + 1] == 0x0A)
                || (byte == 0x0A && index > 0 && head[index - 1] == 0x0D)
            XCTAssertTrue(endsLine, "control byte \(byte) at \(index) (\(context))", file: file, line: line)
        }
        XCTAssertEqual(request.headerValues("Host").count, 1, context, file: file, line: line)
        XCTAssertNotEqual(request.header("Host"), "evil", context, file: file, line: line)
        XCTAssertNil(request.header("X-Injected"), context, file: file, line: line)
        XCTAssertFalse(String(decoding: head, as: UTF8.self).contains("X-Injected"), context, file: file, line: line)
    }
}
