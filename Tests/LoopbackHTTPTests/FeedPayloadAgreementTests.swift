import FeedCore
import LoopbackHTTP
import XCTest

/// The feed API cuts pages out of the payloads FeedCore's `JSONReader` reads as an object with
/// an `items` array, and no others (it reads them with FeedFastPath's `PayloadEnvelope`), and it
/// finds each item by the id the reader reads.
final class FeedPayloadAgreementTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "loopback-payload-agreement-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory + "/v1", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static let wellFormed: [String] = [
        #"{"items":[]}"#,
        " \t\r\n{ \"items\" : [ ] } \n",
        #"{"items":[{"id":"a"},{"id":"b"}],"next":null}"#,
        #"{"before":{"items":1},"items":[1,-0,2.5e-3,1E+2,true,false,null,"s",[],{}]}"#,
        #"{"\u0069tems":[{"i\u0064":"\u00e9\ud83d\ude00"},{"id":"x\"y\\z\/"}]}"#,
        "{\"items\" : \n [ {\"id\":\"a\"} ,\t{\"id\":\"b\"}\r\n] }",
        #"{"items":[{"id":"first"}],"other":1,"items":[{"id":"second"},{"id":"third"}]}"#,
        #"{"items":[{"id":"first"}],"\u0069tems":[]}"#,
        #"{"items":[{"id":"shadowed","id":"last"},{"id":"a","id":7},{"id":1,"id":"b"}]}"#,
        #"{"items":[{"nested":{"id":"inner"}},[{"id":"in-array"}],{"id":"c"}]}"#,
        #"{"items":[{"id":"\u0000\b\f\n\r\t"}]}"#,
        "{\"items\":[{\"id\":\"caf\u{E9} \u{1F600}\"}]}",
        #"{"items":[["#  + String(repeating: "[", count: 509) + String(repeating: "]", count: 510) + "]}",
        #"{"items":[{"id":"deep","a":"# + String(repeating: #"{"a":"#, count: 509) + "1" + String(repeating: "}", count: 510) + "]}",
    ]

    private static let malformed: [String] = [
        "", " ", "[]", #""items""#, "null", #"{"items":{}}"#, #"{"other":[]}"#, #"{"items":[]} x"#,
        #"{"items":[]}{}"#, #"{"items":[1,]}"#, #"{"items":[,1]}"#, #"{"items":[1 2]}"#, #"{"items":[],}"#,
        #"{"items" []}"#, #"{items:[]}"#, #"{'items':[]}"#, #"{"items":[01]}"#, #"{"items":[1.]}"#,
        #"{"items":[.5]}"#, #"{"items":[1e]}"#, #"{"items":[-]}"#, #"{"items":[+1]}"#, #"{"items":[tru]}"#,
        #"{"items":[truex]}"#, #"{"items":[nul]}"#, #"{"items":[NaN]}"#, #"{"items":["\x"]}"#,
        #"{"items":["\u12"]}"#, #"{"items":["\ud800"]}"#, #"{"items":["\udc00\ud800"]}"#,
        #"{"items":[{"id":"\ud83dx"}]}"#, "{\"items\":[\"\u{01}\"]}", "{\"items\":[\"a\tb\"]}",
        #"{"items":[{"id":"a"]}"#, #"{"items":[{"id"}]}"#, #"{"items":[{"id":}]}"#, #"{"items":[{1:2}]}"#,
        #"{"items":["unterminated]}"#, #"{"items":[/* no */]}"#, "\u{FEFF}{\"items\":[]}",
        #"{"items":[["# + String(repeating: "[", count: 510) + String(repeating: "]", count: 511) + "]}",
        #"{"items":[{"id":"deep","a":"# + String(repeating: #"{"a":"#, count: 510) + "1" + String(repeating: "}", count: 511) + "]}",
    ]

    /// Bytes no JSON text has: not UTF-8.
    private static let malformedBytes: [[UInt8]] = [
        Array(#"{"items":[""#.utf8) + [0xFF] + Array(#""]}"#.utf8),
        Array(#"{"items":[""#.utf8) + [0xC0, 0xAF] + Array(#""]}"#.utf8),  // overlong
        Array(#"{"items":[""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]}"#.utf8),  // a surrogate
        Array(#"{"items":[""#.utf8) + [0xE2, 0x82] + Array(#""]}"#.utf8),  // cut short
    ]

    func test_acceptsExactlyThePayloadsJSONReaderReadsAsAnObjectWithAnItemsArray() throws {
        let inputs = (Self.wellFormed + Self.malformed).map { Array($0.utf8) } + Self.malformedBytes
        for input in inputs {
            let name = String(decoding: input.prefix(60), as: UTF8.self)
            let items = (try? JSONReader.parseSingle(input))?["items"]?.arrayValue
            XCTAssertEqual(items != nil, Self.wellFormed.contains { Array($0.utf8) == input }, "the list is wrong: \(name)")
            try Data(input).write(to: URL(fileURLWithPath: directory + "/v1/feed"))
            let api = LoopbackRoutes.feedAPI(in: directory)
            let page = api(LoopbackRequest(method: "GET", path: "/v1/feed?limit=1000000"))
            guard case let .respond(status, _, body) = page else { return XCTFail("not a response: \(name)") }
            XCTAssertEqual(status, items == nil ? 500 : 200, name)
            guard let items else { continue }
            if !items.isEmpty {  // (an empty page leaves out the white space inside "[ ]")
                XCTAssertEqual(body, input, "a page of every item is the file: \(name)")
            }
            for (index, item) in items.enumerated() {
                guard let id = item["id"]?.stringValue else { continue }
                let after = api(LoopbackRequest(method: "GET", path: "/v1/feed?after_id=" + percentEncoded(id)))
                guard case let .respond(status, _, body) = after else { return XCTFail("not a response: \(name)") }
                XCTAssertEqual(status, 200, "item \(index) is found by its id \(id.debugDescription): \(name)")
                let rest = (try? JSONReader.parseSingle(body))?["items"]?.arrayValue
                XCTAssertEqual(rest, Array(items[(index + 1)...]), "the items after \(id.debugDescription): \(name)")
            }
        }
    }

    /// Every byte but letters and digits as %XX.
    private func percentEncoded(_ text: String) -> String {
        text.utf8.map { byte in
            let isAlphanumeric = (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
            return isAlphanumeric ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }.joined()
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
