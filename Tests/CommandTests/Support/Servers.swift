import LoopbackHTTP
import XCTest

extension XCTestCase {
    /// A loopback server answering `routes` (404 for anything else), stopped
    /// when the test ends.
    func serve(_ routes: [String: LoopbackReply]) throws -> LoopbackServer {
        let server = try LoopbackServer(handler: LoopbackRoutes.serving(routes))
        addTeardownBlock { server.stop() }
        return server
    }

    /// A URL on 127.0.0.1 where nothing listens (a port just freed).
    func refusedURL(_ path: String = "/v1/feed") throws -> String {
        let server = try LoopbackServer(handler: { _ in .notFound })
        let url = server.url(path)
        server.stop()
        return url
    }
}
