import FeedPlatform

extension LoopbackRoutes {
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

/// The contents of the regular file at `path`, or nil if it is missing, not a regular file or
/// unreadable: how `files(in:)` and `feedAPI(in:)` read a file, per request.
func readRegularFile(_ path: String) -> [UInt8]? {
    guard let fd = try? FileDescriptor.open(path, O_RDONLY | O_CLOEXEC) else { return nil }
    defer { FileDescriptor.close(fd) }
    guard let info = try? FileDescriptor.status(fd), info.st_mode & S_IFMT == S_IFREG else { return nil }
    return try? FileDescriptor.readAll(fd)
}
