extension MessageReader {
    /// A chunked body, de-chunked; trailer fields are read and ignored.
    mutating func readChunkedBody() throws(MessageReadFailure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let line = try readLine()
            let sizeText = String(decoding: line.prefix { $0 != 59 }, as: UTF8.self).trimmingSpaces()  // ';'
            guard !sizeText.isEmpty, sizeText.count <= 8, let size = Int(sizeText, radix: 16), size >= 0 else {
                throw .reject(400)
            }
            if size == 0 {
                try skipTrailers()
                return body
            }
            guard body.count + size <= Self.maxBodyBytes else { throw .reject(413) }
            body += try readExactly(size)
            guard try readLine().isEmpty else { throw .reject(400) }
        }
    }

    /// Trailer fields, up to the blank line.
    private mutating func skipTrailers() throws(MessageReadFailure) {
        var trailerBytes = 0
        while true {
            let trailer = try readLine()
            if trailer.isEmpty { return }
            trailerBytes += trailer.count
            if trailerBytes > Self.maxHeaderBytes { throw .reject(431) }
        }
    }

    /// One line from `buffer` (without CR LF), reading more as needed.
    private mutating func readLine() throws(MessageReadFailure) -> [UInt8] {
        var scanned = 0
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 10) {
                var line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                if line.last == 13 { line.removeLast() }
                return line
            }
            if buffer.count > Self.maxChunkLineBytes { throw .reject(400) }
            scanned = buffer.count
            try fill()
        }
    }
}
