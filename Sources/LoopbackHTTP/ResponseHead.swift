/// The bytes of a response head, as every reply sends it.
enum ResponseHead {
    /// "HTTP/1.1 <status> <reason>", one line per header (repeated names stay separate lines), blank line.
    static func bytes(status: Int, headers: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(LoopbackReply.reasonPhrase(for: status))\r\n"
        for (name, value) in headers {
            text += "\(name.strippingLineBreaks()): \(value.strippingLineBreaks())\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// `headers` without their Content-Length, then one of `length` (the faults' own framing).
    static func replacingContentLength(_ headers: [(String, String)], with length: Int) -> [(String, String)] {
        headers.filter { asciiLowercased($0.0) != "content-length" } + [("Content-Length", "\(length)")]
    }
}
