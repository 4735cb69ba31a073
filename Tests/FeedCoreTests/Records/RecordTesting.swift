import XCTest
import FeedCore

/// What the record tests share: writing and reading JSON text.
protocol RecordTesting: XCTestCase {}

extension RecordTesting {

    func line(_ value: JSON) -> String {
        String(decoding: JSONWriter().line(value), as: UTF8.self)
    }

    func parse(_ text: String) throws -> JSON {
        try JSONReader.parseSingle(Array(text.utf8))
    }

    func object(_ text: String) throws -> JSONObject {
        try XCTUnwrap(parse(text).objectValue)
    }

    func readResponse(_ text: String) throws -> ResponseRecord {
        try ResponseRecord(json: object(text))
    }

    func kind(of result: Result<Record, ToolError>?) -> ErrorKind? {
        guard case .failure(let error)? = result else { return nil }
        return error.kind
    }
}
