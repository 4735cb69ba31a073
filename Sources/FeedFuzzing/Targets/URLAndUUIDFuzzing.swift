import FeedCore

/// feed-fetch's input (URL lines, or a feed document whose items name the
/// URLs) and the identifier checks. Every target taken is a fetchable
/// http(s) URL with no white space or control character in it; the fast
/// UUID check agrees with the checked one, which keeps the spelling, and a
/// UUID in any case has one key; a first line that is an absolute URL is
/// the base the others resolve against, as an image URL against its feed's.
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
        let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false)
        for line in lines {
            try checkUUID(Array(line))
        }
        // The first line as a base URL, each other line a reference against it.
        if let first = lines.first, let base = String(validating: first, as: UTF8.self), Identifiers.isAbsoluteURL(base) {
            for line in lines.dropFirst() {
                if let reference = String(validating: line, as: UTF8.self) { try checkResolution(reference, against: base) }
            }
        }
    }

    /// What resolving an image URL against a feed's URL must give
    /// (`URLReference`, RFC 3986 section 5.2): an absolute URL kept as it is;
    /// else an absolute URL with no dot segment in its path, of the base's
    /// scheme unless the reference has its own, that resolves to itself.
    private static func checkResolution(_ reference: String, against base: String) throws(FuzzFinding) {
        let resolved = URLReference.resolve(reference, against: base)
        try expect.require(URLReference.resolve(resolved, against: base) == resolved || URLReference(resolved).scheme == nil,
                           "a resolved URL that resolves to another: \(resolved.debugDescription)")
        guard let url = URLReference.absoluteURL(reference, base: base) else { return }
        try expect.require(Identifiers.isAbsoluteURL(url), "a resolved image URL that is not absolute: \(url.debugDescription)")
        if Identifiers.isAbsoluteURL(reference) {
            try expect.require(url == reference, "an absolute image URL changed: \(reference.debugDescription)")
            return
        }
        try expect.require(url == resolved, "absoluteURL and resolve disagree on \(reference.debugDescription)")
        let parts = URLReference(url)
        try expect.require(!parts.path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == "." || $0 == ".." },
                           "a dot segment left in \(url.debugDescription)")
        if URLReference(reference).scheme == nil {
            try expect.require(parts.scheme == URLReference(base).scheme, "a relative reference changed the scheme: \(url.debugDescription)")
        }
        try expect.require(URLReference.absoluteURL(url, base: base) == url, "a resolved image URL is not kept as it is")
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
