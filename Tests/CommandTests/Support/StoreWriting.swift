import Foundation
import XCTest
import FeedTestSupport

/// The commands that write the store, each on a cache set up for it in a
/// fresh folder: what the system-call and power-cut tests share.
struct StoreWriting {
    let root: String
    let cache: String
    var environment: [String: String] { ["FEED_CACHE_DIR": cache] }

    static let oldDocument = #"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","url":"https://h/image-0"},{"id":"BA298A85-6275-48D3-8315-9C8F7C1CD109","url":"https://h/gone"}],"validators":{"url":"https://h/feed","etag":"\"v1\""}}"# + "\n"
    static let newDocument = #"{"items":[{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","description":"new","url":"https://h/image-0"}]}"# + "\n"
    static let page = #"{"items":[{"id":"5A0D45B3-8E26-4385-8C5D-213E160A5E3C","url":"https://h/image-3"}]}"# + "\n"
    static let notModified = #"{"url":"https://h/feed","status":304,"headers":{"ETag":"\"v2\""},"body":""}"# + "\n"
    static let imageURLs = ["https://h/image-0", "https://h/gone", "https://h/image-3"]
    /// A document large enough for `save` to write it while it checks it
    /// (in stretches, then the header in front: `StreamedFeedFile`).
    static let largeDocument = String(decoding: generatedFeed(items: 64_000, tag: 0xC), as: UTF8.self) + "\n"

    static func images(_ version: String) -> String {
        imageURLs.map { #"{"url":"\#($0)","status":200,"headers":{},"body":"\#(version) \#($0)"}"# }.joined(separator: "\n") + "\n"
    }

    /// A fresh folder with the cache `path` below it (nothing created there).
    init(_ testCase: XCTestCase, cachePath: String = "cache") {
        root = makeTemporaryDirectory(testCase)
        cache = root + "/" + cachePath
    }

    /// Runs `feed-cache` untraced, to set the cache up; `age` runs it that long ago (faketime).
    func arrange(_ arguments: [String], stdin: String, age: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        var script = "feed-cache " + arguments.map(shellQuote).joined(separator: " ")
        if let age {
            _ = try RequiredTool.path("faketime", package: "faketime")
            script = "export FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC; faketime -f '\(age)' " + script
        }
        let result = try Command.sh(script, stdin: stdin, environment: environment)
        XCTAssertEqual(result.status, 0, "arranging \(arguments): \(result.err)", file: file, line: line)
    }

    /// An old feed with two images, one of them for an item the new feed drops.
    func arrangeOldFeedWithImages() throws {
        try arrange(["save", "-q"], stdin: Self.oldDocument)
        try arrange(["image", "save"], stdin: Self.images("old"))
    }

    /// `feed-cache ARGUMENTS` under strace; fails the test unless it exits 0.
    func traced(_ arguments: [String], stdin: String? = nil, status: Int32 = 0,
                file: StaticString = #filePath, line: UInt = #line) throws -> SystemCallTrace {
        let (result, trace) = try TracedCommand.run("feed-cache", arguments, stdin: stdin, environment: environment, traceIn: NSTemporaryDirectory())
        XCTAssertEqual(result.status, status, "\(arguments): \(result.err)", file: file, line: line)
        if status == 0 { XCTAssertTrue(trace.exitedSuccessfully, "\(arguments): the trace shows no exit 0", file: file, line: line) }
        return trace
    }
}
