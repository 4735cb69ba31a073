/// A response from the proxy's origin, its body read whole (de-chunked).
struct OriginResponse {
    let status: Int
    /// Every header line in order, names as sent.
    let headers: [(name: String, value: String)]
    var body: [UInt8] = []
    /// Whether the origin's Content-Length still describes `body` as relayed: true when the body
    /// was framed by it or there is none (HEAD, 204, 304); false for a chunked body or one framed
    /// by the close, whose length the relay declares anew.
    var keepsContentLength = true

    /// The response a header section (status line, header lines, blank line) describes, without
    /// its body. Throws `.reject(502)` for a malformed status line, `.reject(400)` for a
    /// malformed header line.
    init(headerSection: ArraySlice<UInt8>) throws(MessageReadFailure) {
        let lines = try HeaderSection.lines(headerSection)
        let parts = lines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
              let status = Int(parts[1]), (100...999).contains(status) else { throw .reject(502) }
        self.status = status
        headers = try HeaderSection.fields(lines.dropFirst())
    }

    /// Every value of header `name` (lowercase), in order.
    func headerValues(_ name: String) -> [String] {
        headers.filter { asciiLowercased($0.name) == name }.map(\.value)
    }

    /// The headers the proxy relays: without the hop-by-hop ones, and without Content-Length
    /// unless it still holds.
    var relayedHeaders: [(String, String)] {
        HopByHop.removing(from: headers)
            .filter { keepsContentLength || asciiLowercased($0.name) != "content-length" }
            .map { ($0.name, $0.value) }
    }
}
