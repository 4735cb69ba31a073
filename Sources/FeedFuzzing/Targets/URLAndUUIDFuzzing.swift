import FeedCore

/// feed-fetch's input (URL lines, or a feed document whose items name the
/// URLs) and the identifier checks. Every target taken is a fetchable
/// http(s) URL with no white space or control character in it; the fast
/// UUID check agrees with the canonical form, which is its own canonical form.
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
        let canonical = Identifiers.canonicalUUID(String(decoding: bytes, as: UTF8.self))
        let isText = String(validating: bytes, as: UTF8.self) != nil
        if isText {
            try expect.require(fast == (canonical != nil), "isUUID and canonicalUUID disagree")
        } else {
            try expect.require(!fast, "isUUID accepts bytes that are not UTF-8")
        }
        guard let canonical else { return }
        try expect.require(Identifiers.canonicalUUID(canonical) == canonical, "the canonical UUID is not its own canonical form")
        try expect.require(!canonical.utf8.contains { (0x61...0x7A).contains($0) }, "the canonical UUID has lower-case letters")
    }
}
