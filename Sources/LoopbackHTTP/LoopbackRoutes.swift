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
        return { _ in
            let index = counter.next()
            guard let last = replies.last else { return .respond(status: 404) }
            return index < replies.count ? replies[index] : last
        }
    }
}
