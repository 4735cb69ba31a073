import FeedCore

/// feed-fetch's input (URL lines, or a feed document whose items name the
/// URLs) and the identifier checks. Every target taken is a fetchable
/// http(s) URL with no white space or control character in it; the fast
/// UUID check agrees with the checked one, which keeps the spelling, and a
/// UUID in any case has one key.
enum URLAndUUIDFuzzing {
    static let name = "url-uuid"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        if let targets = try? FetchTarget.targets(fromInput: input) {
            for case .url(let url) in targets {
                try checkURL(url)
            }
        }
        try checkUUID(input)
        for line in input.split(separator: 0x0A) {
            try checkUUID(Array(line))
        }
    }

    private static func checkURL(_ url: String) throws(FuzzFinding) {
        try expect.require((try? Identifiers.fetchableURL(url)) == url, "a target that is not fetchable: \(url.debugDescription)")
        try expect.require(!url.utf8.contains { $0 <= 0x20 || $0 == 0x7F }, "a URL with white space or a control character")
        let scheme = Identifiers.scheme(of: url)
        try expect.require(scheme == "http" || scheme == "https", "a URL whose scheme is not http(s)")
    }

    private static func checkUUID(_ bytes: [UInt8]) throws(FuzzFinding) {
        let fast = bytes.withUnsafeBufferPointer(Identifiers.isUUID)
        let text = String(decoding: bytes, as: UTF8.self)
        let checked = Identifiers.checkedUUID(text)
        let isText = String(validating: bytes, as: UTF8.self) != nil
        if isText {
            try expect.require(fast == (checked != nil), "isUUID and checkedUUID disagree")
        } else {
            try expect.require(!fast, "isUUID accepts bytes that are not UTF-8")
        }
        guard let checked else { return }
        try expect.require(checked == text, "a checked UUID is not spelt as it was read")
        let key = Identifiers.uuidKey(checked)
        try expect.require(key != nil, "a UUID without a key")
        guard let key else { return }
        try expect.require(Identifiers.uuidKey(key) == key, "a UUID's key is not its own key")
        try expect.require(!key.utf8.contains { (0x61...0x7A).contains($0) }, "a UUID's key has lower-case letters")
        let lowered = String(decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        try expect.require(Identifiers.uuidKey(lowered) == key, "the same UUID in another case has another key")
    }
}
