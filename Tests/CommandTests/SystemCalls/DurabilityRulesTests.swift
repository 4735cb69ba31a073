import XCTest
import FeedTestSupport

/// DurabilityRules: each rule of a durable write found broken in a trace
/// that breaks it, and none in one that keeps them all.
final class DurabilityRulesTests: XCTestCase {

    func test_aDurableSave_breaksNoRule() throws {
        XCTAssertEqual(DurabilityRules.violations(in: try TraceLines.operations(TraceLines.durableSave), under: "/r"), [])
    }

    func test_aFileRenamedWithoutAFlushAfterItsLastWrite_breaksTheFirstRule() throws {
        var late = TraceLines.durableSave
        late.swapAt(3, 4) // the flush before the write
        for lines in [TraceLines.durableSave.filter { $0 != TraceLines.fsync("/r/c/.tmp-f") }, late] {
            let found = DurabilityRules.violations(in: try TraceLines.operations(lines), under: "/r")
            XCTAssertEqual(found, ["/r/c/.tmp-f renamed to /r/c/f with no flush of it after its last write"])
        }
    }

    func test_aRenameWithoutAFlushOfItsFolderAfterIt_breaksTheSecondRule() throws {
        let lines = TraceLines.durableSave.filter { $0 != TraceLines.fsync("/r/c") }
        XCTAssertEqual(DurabilityRules.violations(in: try TraceLines.operations(lines), under: "/r"),
                       ["/r/c not flushed after /r/c/.tmp-f was renamed to /r/c/f"])
    }

    func test_aFolderCreatedWithoutAFlushOfItsParent_breaksTheThirdRule() throws {
        let lines = TraceLines.durableSave.filter { $0 != TraceLines.fsync("/r") }
        XCTAssertEqual(DurabilityRules.violations(in: try TraceLines.operations(lines), under: "/r"),
                       ["/r not flushed after /r/c was created in it"])
    }

    func test_aRemovalWithoutAFlushOfItsFolder_isBroken_butNotOfATemporary() throws {
        let unlink = { (name: String) in "7 unlinkat(\(TraceLines.fd(3, "/r/c")), \"\(TraceLines.hex(name))\", 0) = 0" }
        let lines = TraceLines.durableSave.dropLast() + [unlink(".tmp-old"), unlink("f")]
        XCTAssertEqual(DurabilityRules.violations(in: try TraceLines.operations(Array(lines)), under: "/r"),
                       ["/r/c not flushed after /r/c/f was removed"])
    }

    func test_aSyncfs_flushesEverything() throws {
        let lines = [TraceLines.mkdir("/r", "c"), TraceLines.create("/r/c", ".tmp-f"), TraceLines.write("/r/c/.tmp-f", "ab"),
                     TraceLines.syncfs("/r"), TraceLines.rename("/r/c", ".tmp-f", "f"), TraceLines.syncfs("/r/c")]
        XCTAssertEqual(DurabilityRules.violations(in: try TraceLines.operations(lines), under: "/r"), [])
    }
}
