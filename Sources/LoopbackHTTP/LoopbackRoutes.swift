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
