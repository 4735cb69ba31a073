import XCTest
import FeedTestSupport

/// SystemCallTrace: the file operations read from strace's lines.
final class SystemCallTraceTests: XCTestCase {

    func test_readsEachFileOperation_itsPathsAndDataFromHex() throws {
        let trace = try SystemCallTrace(parsing: TraceLines.durableSave.joined(separator: "\n"))

        XCTAssertEqual(trace.operations, [
            .mkdir("/r/c"), .flush("/r"), .create("/r/c/.tmp-f"), .write("/r/c/.tmp-f", Array("ab".utf8), offset: nil),
            .flush("/r/c/.tmp-f"), .rename(from: "/r/c/.tmp-f", to: "/r/c/f"), .flush("/r/c"),
        ])
        XCTAssertTrue(trace.exitedSuccessfully)
    }

    func test_skipsFailedCalls_joinsUnfinishedOnes_andReadsSyncfsAndRemovals() throws {
        let operations = try TraceLines.operations([
            "7 mkdirat(\(TraceLines.fd(3, "/r")), \"\(TraceLines.hex("c"))\", 0700) = -1 EEXIST (File exists)",
            "7 write(\(TraceLines.fd(5, "/r/f")), \"\(TraceLines.hex("xy"))\", 2 <unfinished ...>",
            "8 syncfs(\(TraceLines.fd(4, "/r"))) = 0",
            "7 <... write resumed>) = 2",
            "7 unlinkat(\(TraceLines.fd(3, "/r")), \"\(TraceLines.hex("g"))\", 0) = 0",
        ])

        XCTAssertEqual(operations, [.flushAll, .write("/r/f", Array("xy".utf8), offset: nil), .unlink("/r/g")])
    }

    func test_dataCutShortByStrace_isAnError() {
        XCTAssertThrowsError(try TraceLines.operations(["7 write(\(TraceLines.fd(5, "/r/f")), \"\(TraceLines.hex("ab"))\"..., 9) = 9"]))
    }

    func test_aTraceWithoutExitZero_isNoSuccess() throws {
        XCTAssertFalse(try SystemCallTrace(parsing: TraceLines.durableSave.dropLast().joined(separator: "\n") + "\n7 +++ exited with 74 +++")
            .exitedSuccessfully)
    }
}
