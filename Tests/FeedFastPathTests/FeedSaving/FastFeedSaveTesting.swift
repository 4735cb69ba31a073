import XCTest
import FeedCore
@testable import FeedFastPath
@testable import FeedFuzzing

/// What the `FastFeedSave*Tests` share: the fast path on a copy of an
/// input, and the fuzz target's property held on it.
protocol FastFeedSaveTesting: XCTestCase {}

extension FastFeedSaveTesting {
    /// `FastFeedSave` on a copy of `input`, as read from a pipe.
    static func fast(_ input: [UInt8]) -> (CheckedFeed, FeedValidators?)? {
        var copy = input
        return copy.withUnsafeMutableBufferPointer { FastFeedSave.feed($0, inputIsMapped: false) }
    }

    /// Taken means stored as the reference stores it (the fuzz target's
    /// property); and, as a mapped input of any size written while checked
    /// (the door asks for a stream only for a large one), the sink is given
    /// exactly the document taken, or nothing that counts.
    static func holds(_ input: [UInt8], _ what: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        do {
            try FeedSaveFuzzing.check(input)
        } catch {
            XCTFail("\(error): \(what)", file: file, line: line)
        }
        let mapped = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: input.count + 1)
        defer { mapped.deallocate() }
        _ = mapped.initialize(from: input)
        let sink = RecordingDocumentSink()
        let taken = FastFeedSave.feed(UnsafeMutableBufferPointer(rebasing: mapped[..<input.count]), inputIsMapped: true, sink: sink)
        XCTAssertNil(sink.broken, "to the sink: \(what)", file: file, line: line)
        if let (feed, _) = taken {
            XCTAssertTrue(sink.ended && sink.document == feed.document.array, "the sink was given other bytes than the document: \(what)",
                          file: file, line: line)
        } else {
            XCTAssertTrue(!sink.ended && sink.document.isEmpty, "declined and left bytes given to the sink: \(what)", file: file, line: line)
        }
    }
}
