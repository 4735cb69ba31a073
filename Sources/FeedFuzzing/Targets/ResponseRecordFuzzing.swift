import FeedCore

/// The record reader on a stream of records (response records with text or
/// base64 bodies, error records, feed documents). Every record read is
/// written back and read again to the same record; base64 decodes what it
/// encodes, and decodes only the one text that encodes those bytes.
enum ResponseRecordFuzzing {
    static let name = "response-record"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        try expect.require(Base64.decode(Base64.encode(input)) == input, "base64 does not decode what it encoded")
        var reader = RecordReader(input)
        while let next = reader.next() {
            guard case .success(let record) = next else { continue }
            switch record {
            case .response(let response):
                try expect.require(try reread(response.json) == record, "a response record read back as another")
            case .error(let error):
                try expect.require(try reread(error.json) == record, "an error record read back as another")
            case .fresh(let fresh):
                try expect.require(try reread(fresh.json) == record, "a fresh record read back as another")
            case .document:
                break
            }
        }
        if let text = String(validating: input, as: UTF8.self), let bytes = Base64.decode(text) {
            try expect.require(Base64.encode(bytes) == text, "base64 decodes a text that is not the encoding of its bytes")
        }
    }

    private static func reread(_ value: JSON) throws(FuzzFinding) -> Record {
        var reader = RecordReader(JSONWriter(style: .compact).line(value))
        guard case .success(let record)? = reader.next() else { throw expect.fail("a record written back does not read") }
        return record
    }
}
