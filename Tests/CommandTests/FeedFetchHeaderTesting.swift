import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// `-H, --header 'NAME: VALUE'` and `-H @FILE`, as curl reads them, with the
/// built feed-fetch against a real loopback server: what the server receives,
/// what is a usage error, and that a header's value (a token) never shows in
/// any output, whatever becomes of the run.
///
/// What the `FeedFetchHeader*Tests` share: the token, and the check that it never shows.
protocol FeedFetchHeaderTesting: XCTestCase {}

extension FeedFetchHeaderTesting {

    /// A token that must never be printed, and pieces of it that would betray it.
    var token: String { "tok-9Q7zX4kL2pW8vR" }

    var secretValue: String { "Bearer \(token)" }

    var secretPieces: [String] { [token, "9Q7zX4kL2pW8vR", "9Q7zX4", "zX4kL2pW"] }

    /// Neither stdout nor stderr holds the token, or a telling piece of it.
    func assertNoSecret(_ result: CommandResult, _ context: String = "", file: StaticString = #filePath, line: UInt = #line) {
        for piece in secretPieces {
            XCTAssertFalse(result.out.contains(piece), "stdout shows the secret (\(context)): \(result.out)", file: file, line: line)
            XCTAssertFalse(result.err.contains(piece), "stderr shows the secret (\(context)): \(result.err)", file: file, line: line)
        }
    }
}
