import FeedPlatform
import LoopbackHTTP
import XCTest

final class NeverAcceptingListenerTests: XCTestCase {
    func test_aConnectHangs_neitherCompletedNorRefused() throws {
        let listener = try NeverAcceptingListener()
        defer { listener.close() }
        XCTAssertEqual(listener.url("/feed"), "http://127.0.0.1:\(listener.port)/feed")

        let attempt = try NonBlockingConnect(port: listener.port)
        defer { attempt.close() }
        XCTAssertFalse(attempt.completes(within: 0.3), "connect() finished: \(attempt.pendingError()); \(abortOnOverflowNote())")
        XCTAssertEqual(attempt.pendingError(), 0, "not refused")

        // Several clients hang alike.
        let more = try (0..<3).map { _ in try NonBlockingConnect(port: listener.port) }
        defer { more.forEach { $0.close() } }
        XCTAssertFalse(more.contains { $0.completes(within: 0.1) })
    }

    func test_close_refusesLaterConnects_andLeaksNoDescriptors() throws {
        try NeverAcceptingListener().close()  // warm up
        let before = openDescriptorCount()
        let listener = try NeverAcceptingListener()
        let port = listener.port
        listener.close()
        listener.close()
        XCTAssertEqual(openDescriptorCount(), before)
        XCTAssertThrowsError(try RawClient(port: port)) { error in
            XCTAssertTrue("\(error)".contains("refused"), "\(error)")
        }
    }

    private func abortOnOverflowNote() -> String {
        let value = (try? String(contentsOfFile: "/proc/sys/net/ipv4/tcp_abort_on_overflow", encoding: .utf8)) ?? "?"
        return "net.ipv4.tcp_abort_on_overflow = \(value.trimmingCharacters(in: .whitespacesAndNewlines))"
    }
}
