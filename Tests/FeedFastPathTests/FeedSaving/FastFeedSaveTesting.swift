import XCTest
import FeedCore
@testable import FeedFastPath
import FeedFuzzing

/// What the `FastFeedSave*Tests` share: the fast path on a copy of an
/// input, and the fuzz target's property held on it.
protocol FastFeedSaveTesting: XCTestCase {}

extension FastFeedSaveTesting {
    /// `FastFeedSave` on a copy of `input`, as read from a pipe.
    static func fast(_ input: [UInt8]) -> (CheckedFeed, FeedValidators?)? {
        var copy = input
        return copy.withUnsafeMutableBufferPointer { FastFeedSave.feed($0, inputIsMapped: false) }
    }

    /// Taken means stored as the reference stores it (the fuzz target's property).
    static func holds(_ input: [UInt8], _ what: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        do {
            try FeedSaveFuzzing.check(input)
        } catch {
            XCTFail("\(error): \(what)", file: file, line: line)
        }
    }
}
