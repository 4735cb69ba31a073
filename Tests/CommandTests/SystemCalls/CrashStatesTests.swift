import XCTest
import FeedTestSupport

/// CrashStates: what a power cut may leave, replayed from a trace.
final class CrashStatesTests: XCTestCase {
    private let after = FileTree(directories: ["c"], files: ["c/f": Array("ab".utf8)])

    func test_aDurableSave_leavesNoFileOrTheWholeFile_andOnlyTheFileAfterExit() throws {
        let states = CrashStates(before: FileTree(), root: "/r", operations: try TraceLines.operations(TraceLines.durableSave))

        XCTAssertEqual(Set(states.distinct.map { $0.files["c/f"] }), [nil, Array("ab".utf8)])
        XCTAssertEqual(states.afterExit, [after, after])
    }

    func test_aRenameBeforeTheDataIsFlushed_mayLeaveAnEmptyFile() throws {
        let lines = TraceLines.durableSave.filter { $0 != TraceLines.fsync("/r/c/.tmp-f") }
        let states = CrashStates(before: FileTree(), root: "/r", operations: try TraceLines.operations(lines))

        XCTAssertTrue(states.distinct.contains { $0.files["c/f"] == [] })
        XCTAssertTrue(states.afterExit.allSatisfy { $0.files["c/f"] == [] })
    }

    func test_aFolderWhoseParentIsNotFlushed_mayBeLostAfterExit() throws {
        let lines = TraceLines.durableSave.filter { $0 != TraceLines.fsync("/r") }
        let states = CrashStates(before: FileTree(), root: "/r", operations: try TraceLines.operations(lines))

        XCTAssertEqual(states.afterExit.last, FileTree(), "the folder's names as of its last flush: none")
    }

    func test_theOldTree_isTheStateBeforeAnyOperation() throws {
        let before = FileTree(directories: ["c"], files: ["c/f": Array("old".utf8)])
        let states = CrashStates(before: before, root: "/r", operations: try TraceLines.operations(Array(TraceLines.durableSave.dropFirst(2))))

        XCTAssertEqual(states.states.first?.flushedOnly, before)
        XCTAssertEqual(Set(states.distinct.map { $0.files["c/f"] }), [Array("old".utf8), Array("ab".utf8)])
    }
}
