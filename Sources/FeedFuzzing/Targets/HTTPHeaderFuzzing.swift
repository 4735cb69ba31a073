import FeedCore
import FeedCurl

/// Header text, read the three ways feed-fetch reads it: `-H @FILE` lines,
/// response header lines as libcurl hands them over, and `Retry-After`
/// values. A request header written back parses to itself; a header's value
/// appears in no message, whatever else is wrong with its line; response
/// fields hold no outer blank and normalise to sorted unique
/// lower-case names; a wait is a number of seconds, never negative.
enum HTTPHeaderFuzzing {
    static let name = "http-headers"
    private static let expect = FuzzCheck(target: name)
    /// Spliced in as a header's value: no message may ever show it.
    static let secret: [UInt8] = Array("s3cr3t-T0KEN".utf8)
    static let now = Timestamp(seconds: 1_700_000_000, nanoseconds: 500_000_000)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if let headers = try? RequestHeader.lines(fromFile: input) {
            for header in headers { try checkParsed(header) }
        }
        let file = Array(lines.map(withSecret).joined(separator: [0x0A]))
        if case .failure(let error) = Result(catching: { () throws(ToolError) in try RequestHeader.lines(fromFile: file) }) {
            try expect.require(!contains(error.message, secret), "a header file's error shows a value: \(error.message)")
        }
        var response = ResponseHeaderLines()
        for line in lines {
            try checkSecret(line)
            (line + [0x0A]).withUnsafeBytes { response.add($0) }
            if let text = String(validating: line, as: UTF8.self), let wait = RetryAfter.parse(text, now: now) {
                try expect.require(wait >= 0 && !wait.isNaN, "Retry-After '\(text)' gives a wait of \(wait)")
            }
        }
        try checkResponse(response.fields)
    }

    private static func checkParsed(_ header: RequestHeader) throws(FuzzFinding) {
        let again = try? RequestHeader.parse(header.line)
        try expect.require(again == header, "the header '\(header)' written back parses to \(again.map(String.init(describing:)) ?? "an error")")
    }

    /// The line with `secret` spliced in after its first colon.
    private static func withSecret(_ line: [UInt8]) -> [UInt8] {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return line }
        var spliced = line
        spliced.insert(contentsOf: secret, at: colon + 1)
        return spliced
    }

    private static func checkSecret(_ line: [UInt8]) throws(FuzzFinding) {
        let spliced = withSecret(line)
        guard spliced != line else { return }
        switch Result(catching: { () throws(ToolError) in try RequestHeader.parse(String(decoding: spliced, as: UTF8.self)) }) {
        case .success(let header):
            try expect.require(!contains(header.description, secret), "a header's description shows its value")
        case .failure(let error):
            try expect.require(!contains(error.message, secret), "a header's error shows its value: \(error.message)")
        }
    }

    private static func checkResponse(_ fields: [(name: String, value: String)]) throws(FuzzFinding) {
        for field in fields {
            try expect.require(!field.name.isEmpty && !field.name.contains(":"), "a response field's name is empty or holds a colon")
            try expect.require(!isBlank(field.name.utf8.first ?? 0) && !isBlank(field.name.utf8.last ?? 0),
                               "a response field's name keeps outer blanks")
            try expect.require(field.value.utf8.first.map(isBlank) != true && field.value.utf8.last.map(isBlank) != true,
                               "a response field's value keeps outer blanks")
        }
        let names = ResponseRecord.normalized(fields).map(\.name)
        try expect.require(names == names.map { $0.lowercased() }, "normalised names are not lower-case")
        try expect.require(zip(names, names.dropFirst()).allSatisfy { $0 < $1 }, "normalised names are not sorted and unique")
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func contains(_ text: String, _ part: [UInt8]) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
