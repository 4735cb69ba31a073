import FeedCore
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
        let counter = RequestCounter()
        return { _ in reply(counter.next(), of: replies) }
    }

    /// `sequence` per path: the n-th request for a route (looked up as in `serving`: full target
    /// first, then the path without the query) gets that route's `replies[n]`, every later one its
    /// last reply; each route counts its own requests. Anything else gets `fallback`. For retry
    /// tests over many URLs, e.g. `["/a": [.respond(status: 503, headers: [("Retry-After", "1")]),
    /// .ok("a")], "/b": [...]]`.
    public static func sequences(
        _ routes: [String: [LoopbackReply]],
        fallback: LoopbackReply = .respond(status: 404)
    ) -> @Sendable (LoopbackRequest) -> LoopbackReply {
        let counter = RequestCounter()
        return { request in
            let key = routes[request.path] != nil ? request.path : request.pathWithoutQuery
            guard let replies = routes[key] else { return fallback }
            return reply(counter.next(key), of: replies)
        }
    }

    /// `replies[index]`, the last reply past the end, 404 if there is none.
    private static func reply(_ index: Int, of replies: [LoopbackReply]) -> LoopbackReply {
        guard let last = replies.last else { return .respond(status: 404) }
        return index < replies.count ? replies[index] : last
    }
}

extension LoopbackRoutes {
    /// How the feed API compares an id in a request (`after_id`, a comments URL's image id)
    /// with the ids of the feed file.
    public enum IDMatching: Sendable {
        /// Byte for byte, as the feed file spells them: the strictest server, which finds
        /// `2ab2…` only as `2ab2…`.
        case exact
        /// As UUIDs are compared (RFC 9562): case-insensitively when both are UUIDs
        /// (8-4-4-4-12 hexadecimal digits), else byte for byte.
        case uuid
    }

    /// The case study's API over the files under `directory`, its feed being the file
    /// `v1/feed` (else `v1/feed.json`), read per request:
    ///
    /// - `GET /v1/feed?limit=N&after_id=ID`: a page, `{"items":[…]}` with the feed's items
    ///   after the one whose id is ID (from the first without `after_id`), at most N of them
    ///   (all without `limit`), each item's bytes as in the file, and the rest of the file as
    ///   it is (so a page of every item is the file byte for byte). The item with the last id
    ///   gives an empty page; an ID no item has, a `limit` that is not a whole number from 1,
    ///   or either parameter given twice is 400 (with a JSON `error`); the file missing is 404,
    ///   a file that is not a payload 500. Without `limit` and `after_id` (no query, or only
    ///   other parameters), `/v1/feed` is the file itself, byte for byte, as `files(in:)`
    ///   serves it.
    /// - `GET /v1/image/{id}/comments`, for an id of the feed: the file
    ///   `v1/image/{id}/comments` (else `comments.json`), the id spelt as the feed spells it,
    ///   else `{"items":[]}`; 404 for an id that is not in the feed. Without a readable feed,
    ///   this path is served as `files(in:)` serves it.
    /// - Anything else: `files(in: directory)`.
    ///
    /// Ids are compared as `matching` says. Only GET and HEAD (405 for other methods).
    public static func feedAPI(
        in directory: String,
        matching: IDMatching = .exact
    ) -> @Sendable (LoopbackRequest) -> LoopbackReply {
        let root = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        let files = files(in: root)
        return { request in
            guard request.method == "GET" || request.method == "HEAD" else { return files(request) }
            let segments = request.pathWithoutQuery.split(separator: "/", omittingEmptySubsequences: false)
            if request.pathWithoutQuery == "/v1/feed" {
                return feedPage(request, root: root, matching: matching) ?? wholeFeed(request, root: root) ?? files(request)
            }
            if segments.count == 5, segments[0].isEmpty, segments[1] == "v1", segments[2] == "image",
               segments[4] == "comments", let id = percentDecoded(String(segments[3])), !id.isEmpty {
                return comments(imageID: id, root: root, matching: matching) ?? files(request)
            }
            return files(request)
        }
    }

    /// The whole feed file, as a server with validators sends it: with an
    /// `ETag` of its bytes, and a 304 of no body to a request whose
    /// `If-None-Match` names that ETag. Nil if there is no feed file.
    private static func wholeFeed(_ request: LoopbackRequest, root: String) -> LoopbackReply? {
        guard let bytes = readFeedFile(root) else { return nil }
        var hasher = Hasher() // seeded per process: an ETag lasts as long as the server
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        let etag = "\"\(String(UInt(bitPattern: hasher.finalize()), radix: 16))-\(String(bytes.count, radix: 16))\""
        if request.headerValues("If-None-Match").contains(where: { $0.split(separator: ",").contains { String($0).trimmingSpaces() == etag } }) {
            return .respond(status: 304, headers: [("ETag", etag)])
        }
        return .respond(status: 200, headers: [("Content-Type", "application/json"), ("ETag", etag)], body: bytes)
    }

    /// The page a `/v1/feed` request asks for, or nil when it asks for no page (no `limit`,
    /// no `after_id`).
    private static func feedPage(_ request: LoopbackRequest, root: String, matching: IDMatching) -> LoopbackReply? {
        guard let limits = request.queryValues("limit"), let afterIDs = request.queryValues("after_id") else {
            return badRequest("malformed query")
        }
        if limits.isEmpty && afterIDs.isEmpty { return nil }
        guard limits.count <= 1 else { return badRequest("limit given more than once") }
        guard afterIDs.count <= 1 else { return badRequest("after_id given more than once") }
        var limit = Int.max
        if let text = limits.first {
            guard let value = wholeNumber(text), value >= 1 else {
                return badRequest("limit must be a whole number from 1")
            }
            limit = value
        }
        guard let bytes = readFeedFile(root) else { return .respond(status: 404) }
        guard let payload = FeedPayloadItems(bytes) else {
            return jsonReply(500, #"{"error":"the feed file is not a feed payload"}"#)
        }
        var start = 0
        if let afterID = afterIDs.first {
            guard let position = payload.items.firstIndex(where: { $0.id.map { same(afterID, $0, matching) } ?? false }) else {
                return badRequest("after_id matches no item")
            }
            start = position + 1
        }
        let end = payload.items.count - start <= limit ? payload.items.count : start + limit
        return .respond(
            status: 200,
            headers: [("Content-Type", "application/json")],
            body: payload.document(start..<end)
        )
    }

    /// The comments on the feed's image `imageID`, or nil if there is no readable feed.
    private static func comments(imageID: String, root: String, matching: IDMatching) -> LoopbackReply? {
        guard let bytes = readFeedFile(root), let payload = FeedPayloadItems(bytes) else { return nil }
        guard let spelling = payload.items.lazy.compactMap(\.id).first(where: { same(imageID, $0, matching) }) else {
            return .respond(status: 404)
        }
        if isSafePathSegment(spelling) {
            for name in ["comments", "comments.json"] {
                if let body = readRegularFile(root + "/v1/image/" + spelling + "/" + name) {
                    return .respond(status: 200, headers: [("Content-Type", "application/json")], body: body)
                }
            }
        }
        return jsonReply(200, #"{"items":[]}"#)
    }

    private static func same(_ requested: String, _ feedID: String, _ matching: IDMatching) -> Bool {
        if requested == feedID { return true }
        guard matching == .uuid, let key = Identifiers.uuidKey(requested) else { return false }
        return key == Identifiers.uuidKey(feedID)
    }

    private static func badRequest(_ message: String) -> LoopbackReply {
        jsonReply(400, #"{"error":""# + message + #""}"#)
    }

    private static func jsonReply(_ status: Int, _ body: String) -> LoopbackReply {
        .respond(status: status, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
    }
}

/// Decimal digits only, at most 18 of them (more is clamped to Int.max: "all of them").
private func wholeNumber(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
    let digits = text.drop { $0 == "0" }
    if digits.isEmpty { return 0 }
    if digits.count > 18 { return Int.max }
    return Int(digits)
}

/// A name that stays one path segment: not empty, ".", "..", and without "/" or NUL.
private func isSafePathSegment(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(47) && !name.utf8.contains(0)
}

/// The feed file under `root`: `v1/feed`, else `v1/feed.json`.
private func readFeedFile(_ root: String) -> [UInt8]? {
    readRegularFile(root + "/v1/feed") ?? readRegularFile(root + "/v1/feed.json")
}

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
