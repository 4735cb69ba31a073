import FeedPlatform

/// Ready-made handlers.
public struct LoopbackRoutes: Sendable {
    /// Looks the request up in `routes`: first by its full target (query included), then by its
    /// path without the query. Anything else gets `fallback` (404 by default).
    public static func serving(
        _ routes: [String: LoopbackReply],
        fallback: LoopbackReply = .respond(status: 404)
    ) -> @Sendable (LoopbackRequest) -> LoopbackReply {
        return { request in
            routes[request.path] ?? routes[request.pathWithoutQuery] ?? fallback
        }
    }

    /// Answers the n-th request (counting from 0, any path) with `replies[n]`, and every request
    /// after the last with the last reply (404 if `replies` is empty). For retry tests.
    public static func sequence(_ replies: [LoopbackReply]) -> @Sendable (LoopbackRequest) -> LoopbackReply {
        let counter = Counter()
        return { _ in
            let index = counter.next()
            guard let last = replies.last else { return .respond(status: 404) }
            return index < replies.count ? replies[index] : last
        }
    }

    /// Serves the files under `directory` over GET and HEAD: the target's path (query left off,
    /// percent-decoded) is the file's path relative to `directory`; if that file is missing but
    /// `path.json` exists, that one is served. Content-Type by extension. 404 for anything else,
    /// 400 for a path with a ".." segment, 405 for other methods. Files are read per request.
    public static func files(in directory: String) -> @Sendable (LoopbackRequest) -> LoopbackReply {
        let root = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        return { request in
            guard request.method == "GET" || request.method == "HEAD" else {
                return .respond(status: 405, headers: [("Allow", "GET, HEAD")])
            }
            guard let path = percentDecoded(request.pathWithoutQuery), path.hasPrefix("/") else {
                return .respond(status: 400)
            }
            let segments = path.split(separator: "/", omittingEmptySubsequences: true)
            if segments.contains(where: { $0 == ".." }) || path.utf8.contains(0) {
                return .respond(status: 400)
            }
            if segments.isEmpty { return .respond(status: 404) }
            let relative = segments.joined(separator: "/")
            for candidate in [relative, relative + ".json"] {
                let full = root + "/" + candidate
                if let bytes = readRegularFile(full) {
                    return .respond(
                        status: 200,
                        headers: [("Content-Type", contentType(forPath: candidate))],
                        body: bytes
                    )
                }
            }
            return .respond(status: 404)
        }
    }

    /// The Content-Type `files(in:)` sends for a file name.
    public static func contentType(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        switch asciiLowercased(String(name[name.index(after: dot)...])) {
        case "json": return "application/json"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        default: return "application/octet-stream"
        }
    }
}

private final class Counter: @unchecked Sendable {
    private let mutex = Mutex()
    private var value = 0

    func next() -> Int {
        mutex.withLock {
            defer { value += 1 }
            return value
        }
    }
}

/// "%2F" → "/"; nil for a malformed escape or bytes that are not UTF-8.
private func percentDecoded(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
        if bytes[index] == 37 {  // %
            guard index + 2 < bytes.count,
                  let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { return nil }
            out.append(high << 4 | low)
            index += 3
        } else {
            out.append(bytes[index])
            index += 1
        }
    }
    return String(validating: out, as: UTF8.self)
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: return byte - 48
    case 65...70: return byte - 55
    case 97...102: return byte - 87
    default: return nil
    }
}

/// The contents of a regular file, or nil if it is missing, not a regular file or unreadable.
func readRegularFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if count == 0 { return bytes }
        bytes.append(contentsOf: chunk[..<count])
    }
}
