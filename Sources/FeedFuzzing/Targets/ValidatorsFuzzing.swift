import FeedCore

/// The validators' check: the input, cut at its first LF, is an `ETag` and a
/// `Last-Modified` as a server or a piped document may give them. Each is
/// kept exactly when it holds no control byte and is at most 1024 bytes,
/// and then kept as given; what is kept writes to JSON and reads back the
/// same, and the headers it asks with are single lines with no control
/// byte. Through the readers: the same values in a response record given to
/// feed-map and in a document given to save, where the fast paths must keep
/// what the reference keeps (the feed-map and feed-save targets' own checks).
enum ValidatorsFuzzing {
    static let name = "validators"
    private static let expect = FuzzCheck(target: name)
    private static let url = "https://h/v1/feed"

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        let cut = input.firstIndex(of: 0x0A)
        let etag = String(decoding: input[..<(cut ?? input.endIndex)], as: UTF8.self)
        let lastModified = cut.map { String(decoding: input[($0 + 1)...], as: UTF8.self) }
        let validators = FeedValidators(url: url, etag: etag, lastModified: lastModified)
        try expect.require(validators?.etag == (storable(etag) ? etag : nil), "the ETag kept is not the one the rule keeps")
        try expect.require(validators?.lastModified == lastModified.flatMap { storable($0) ? $0 : nil },
                           "the Last-Modified kept is not the one the rule keeps")
        if let validators {
            let again = (try? JSONReader.parseSingle(JSONWriter().line(validators.json))).flatMap { FeedValidators(json: $0) }
            try expect.require(again == validators, "written to JSON and read back, they differ")
            for header in validators.conditionalHeaders {
                let line = Array("\(header.name): \(header.value)".utf8)
                try expect.require(line.allSatisfy { $0 >= 0x20 && $0 != 0x7F }, "a conditional header holds a control byte")
            }
        }
        // From a JSON document's side: whatever the input reads as, what is kept passes the rule.
        if let read = (try? JSONReader.parseSingle(input)).flatMap({ FeedValidators(json: $0) }) {
            try expect.require([read.etag, read.lastModified].allSatisfy { $0.map(storable) ?? true }, "read from JSON, a validator the rule refuses")
        }
        try FeedMapFuzzing.check(Array(record(etag: etag, lastModified: lastModified).utf8))
        try FeedSaveFuzzing.check(Array(document(etag: etag, lastModified: lastModified).utf8))
    }

    /// The rule, spelt out here on its own: no byte below a space, no DEL, 1024 bytes at most.
    private static func storable(_ value: String) -> Bool {
        value.utf8.count <= 1024 && value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F }
    }

    private static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONWriter().append(.string(text), to: &bytes, indent: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func record(etag: String, lastModified: String?) -> String {
        var headers = [#""etag":\#(quoted(etag))"#]
        if let lastModified { headers.append(#""last-modified":\#(quoted(lastModified))"#) }
        let body = #"{"items":[{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","image":"https://h/1"}]}"#
        return #"{"url":"\#(url)","status":200,"headers":{\#(headers.joined(separator: ","))},"body":\#(quoted(body))}"# + "\n"
    }

    private static func document(etag: String, lastModified: String?) -> String {
        var members = [#""url":"\#(url)""#, #""etag":\#(quoted(etag))"#]
        if let lastModified { members.append(#""last_modified":\#(quoted(lastModified))"#) }
        return #"{"items":[{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","url":"https://h/1"}],"validators":{\#(members.joined(separator: ","))}}"# + "\n"
    }
}
