import Foundation
import XCTest
import FeedPlatform

extension XCTestCase {
    /// `openssl s_server -www` on 127.0.0.1 with `cert` and `key`, stopped
    /// when the test ends; its port, once it says it accepts.
    func startOpenSSLServer(_ openssl: String, cert: String, key: String) throws -> String {
        let server = try Command.start(openssl, ["s_server", "-accept", "127.0.0.1:0", "-cert", cert, "-key", key, "-www"],
                                       keepStdinOpen: true)
        addTeardownBlock {
            server.send(SIGTERM)
            _ = server.wait(timeout: 20)
        }
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let text = String(decoding: server.outputSoFar, as: UTF8.self)
            if let range = text.range(of: "ACCEPT 127.0.0.1:") {
                let digits = text[range.upperBound...].prefix(while: { $0.isNumber })
                if !digits.isEmpty, text[range.upperBound...].dropFirst(digits.count).first == "\n" { return String(digits) }
            }
            usleep(20_000)
        }
        throw ServerDidNotStart()
    }
}

/// The TLS server never said it accepts: the test cannot go on.
struct ServerDidNotStart: Error, CustomStringConvertible {
    var description: String { "openssl s_server did not start within 20 s" }
}
