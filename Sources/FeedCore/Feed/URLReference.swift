/// A URL reference resolved against a base URL, as RFC 3986 section 5.2 says
/// (and a browser does for an `<img src>`): `/img/1.png`, `img/2.png`,
/// `../x.png`, `?q`, `#f` and `//host/p` against the URL a feed came from.
/// Strict: a reference with a scheme of its own is taken as it is (its dot
/// segments removed). The base's fragment never carries over.
public struct URLReference: Equatable, Sendable {
    public var scheme: String?
    public var authority: String?
    public var path: String
    public var query: String?
    public var fragment: String?

    /// Parts `text` as RFC 3986's appendix B does; a scheme is taken only if
    /// it is one (a letter, then letters, digits, `+ - .`), else the colon
    /// belongs to the path.
    public init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        if let colon = rest.firstIndex(of: ":"), URLReference.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    /// The URL these parts make (RFC 3986 section 5.3).
    public var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// `reference` resolved against `base` (RFC 3986 section 5.2.2, strict).
    public static func resolve(_ reference: String, against base: String) -> String {
        let reference = URLReference(reference), base = URLReference(base)
        var target = reference
        if reference.scheme != nil {
            target.path = removeDotSegments(reference.path)
            return target.text
        }
        target.scheme = base.scheme
        if reference.authority != nil {
            target.path = removeDotSegments(reference.path)
            return target.text
        }
        target.authority = base.authority
        if reference.path.isEmpty {
            // The base's own dot segments go too, as a browser takes them out
            // of a page's URL (RFC 3986 section 5.2.1 allows it): then what
            // a reference resolves to resolves to itself.
            target.path = removeDotSegments(base.path)
            target.query = reference.query ?? base.query
        } else if reference.path.hasPrefix("/") {
            target.path = removeDotSegments(reference.path)
        } else {
            target.path = removeDotSegments(merge(base, reference.path))
        }
        return target.text
    }

    /// An item's image URL as the feed document writes it: `text` as it is
    /// when it is an absolute URL; else, with a `base` that is one, `text`
    /// resolved against it, if that gives an absolute URL; else nil. An empty
    /// reference names no image: nil.
    public static func absoluteURL(_ text: String, base: String?) -> String? {
        if Identifiers.isAbsoluteURL(text) { return text }
        guard !text.isEmpty, let base, Identifiers.isAbsoluteURL(base) else { return nil }
        let resolved = resolve(text, against: base)
        return Identifiers.isAbsoluteURL(resolved) ? resolved : nil
    }

    /// RFC 3986 section 5.2.3: the reference's path after the base's last `/`.
    private static func merge(_ base: URLReference, _ path: String) -> String {
        if base.authority != nil, base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return base.path[...slash] + path
    }

    /// RFC 3986 section 5.2.4: `.` and `..` segments taken out of a path.
    public static func removeDotSegments(_ path: String) -> String {
        var input = Array(path.utf8)[...]
        var output: [UInt8] = []
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        func removeLastSegment() {
            if let last = output.lastIndex(of: slash) { output.removeSubrange(last...) } else { output.removeAll() }
        }
        while !input.isEmpty {
            if input.starts(with: [dot, dot, slash]) {
                input = input.dropFirst(3)
            } else if input.starts(with: [dot, slash]) {
                input = input.dropFirst(2)
            } else if input.starts(with: [slash, dot, slash]) {
                input = input.dropFirst(2)
            } else if input.elementsEqual([slash, dot]) {
                input = [slash][...]
            } else if input.starts(with: [slash, dot, dot, slash]) {
                input = input.dropFirst(3)
                removeLastSegment()
            } else if input.elementsEqual([slash, dot, dot]) {
                input = [slash][...]
                removeLastSegment()
            } else if input.elementsEqual([dot]) || input.elementsEqual([dot, dot]) {
                input = []
            } else {
                let from = input.first == slash ? input.index(after: input.startIndex) : input.startIndex
                let end = input[from...].firstIndex(of: slash) ?? input.endIndex
                output += input[..<end]
                input = input[end...]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
