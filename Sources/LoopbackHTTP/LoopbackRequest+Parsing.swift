extension LoopbackRequest {
    /// The request a header section (request line, header lines, blank line; LF or CR LF)
    /// describes, without its body. Throws `.reject(400)` for a malformed section and
    /// `.reject(505)` for a version other than HTTP/1.0 and HTTP/1.1.
    init(headerSection: ArraySlice<UInt8>) throws(MessageReadFailure) {
        let lines = try HeaderSection.lines(headerSection)
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { throw .reject(400) }
        let version = String(parts[2])
        guard version.hasPrefix("HTTP/") else { throw .reject(400) }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw .reject(505) }
        let headers = try HeaderSection.fields(lines.dropFirst())
        self.init(method: String(parts[0]), path: String(parts[1]), headers: headers, version: version)
    }

    /// Whether the client lets the connection stay open after the reply: HTTP/1.1 unless it
    /// sent "Connection: close", HTTP/1.0 only with "Connection: keep-alive".
    var keepsConnectionAlive: Bool {
        if version == "HTTP/1.0" { return hasToken(headers, "connection", "keep-alive") }
        return !hasToken(headers, "connection", "close")
    }

    /// The same request carrying `body`.
    func with(body: [UInt8]) -> LoopbackRequest {
        var request = LoopbackRequest(method: method, path: path, headers: headers, body: body, version: version)
        request.head = head
        return request
    }
}
