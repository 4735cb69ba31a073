import XCTest
import FeedCore

/// Ids and records the command tests share.
enum Fixture {
    static let id0 = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"
    /// Written in lower case in payloads: feed-map writes it so (`id1` is the same id in upper case).
    static let id1Lower = "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6"
    static let id1 = "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6"
    static let id2 = "BA298A85-6275-48D3-8315-9C8F7C1CD109"

    static let feedURL = "https://h/v1/feed"

    /// A feed payload of two items, one with every optional key, one with none.
    static let feedPayload = #"{"items":[{"id":"\#(id0)","description":"d","location":"l","image":"https://h/image-0"},{"id":"\#(id1Lower)","image":"https://h/image-1"}]}"#
    /// The feed document feed-map makes of it, one NDJSON line: ids as the payload spells them.
    static let feedDocument = #"{"items":[{"id":"\#(id0)","description":"d","location":"l","url":"https://h/image-0"},{"id":"\#(id1Lower)","url":"https://h/image-1"}]}"#

    /// A feed document for the cache, ids and keys as they are to be kept.
    static let cacheDocument = #"{"items":[{"id":"\#(id0)","description":"d","location":"l","url":"https://h/image-0"},{"id":"\#(id2)","url":"https://h/image-2"}]}"#

    /// A response record line, written as feed-fetch writes it.
    static func responseRecord(url: String = feedURL, status: Int = 200, headers: [(name: String, value: String)] = [],
                               body: String) -> String {
        responseRecord(url: url, status: status, headers: headers, body: Array(body.utf8))
    }

    static func responseRecord(url: String = feedURL, status: Int = 200, headers: [(name: String, value: String)] = [],
                               body: [UInt8]) -> String {
        let line = JSONWriter().line(ResponseRecord(url: url, status: status, headers: headers, body: body).json)
        return String(decoding: line.dropLast(), as: UTF8.self)
    }

    /// An error record line as an earlier stage writes it.
    static func errorRecord(url: String? = nil, kind: String, message: String) -> String {
        let head = url.map { #"{"url":"\#($0)","# } ?? "{"
        return head + #""error":{"kind":"\#(kind)","message":"\#(message)"}}"#
    }
}

/// Reads one JSON value, failing the test if it is not JSON.
func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSON? {
    do {
        return try JSONReader.parseSingle(Array(text.utf8))
    } catch {
        XCTFail("not JSON (\(error)): \(text)", file: file, line: line)
        return nil
    }
}

/// Every value in an NDJSON or pretty stream.
func jsonValues(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> [JSON] {
    var reader = JSONReader(bytes)
    var values: [JSON] = []
    do {
        while let value = try reader.next() { values.append(value) }
    } catch {
        XCTFail("not a JSON stream (\(error)): \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
    }
    return values
}
