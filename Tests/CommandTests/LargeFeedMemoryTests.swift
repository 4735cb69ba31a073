import Foundation
import XCTest
import FeedTestSupport

/// A large feed costs about its own size, not a tree of it: the peak memory
/// (the child's VmHWM) of `save` of a 250,000-item feed is under 1.5 times
/// the document, and that of `load --format ids` under 1.2 times, each plus
/// a fixed 16 MiB for the process itself (its runtime, its buffers); so is
/// that of `load --format text`, `--format html` and `image missing`, which
/// read the items one at a time. Reading the items into values, as the
/// reference does, took five to seven times the document.
final class LargeFeedMemoryTests: XCTestCase {
    func test_saveAndEveryLoadOfA250000ItemFeed_peakNearTheDocumentsSize() throws {
        let directory = makeTemporaryDirectory(self)
        let (document, ids) = Self.feed(items: 250_000)
        let input = directory + "/feed.json", errors = directory + "/stderr"
        XCTAssertTrue(FileManager.default.createFile(atPath: input, contents: Data(document)))
        let environment = ["FEED_CACHE_DIR": directory + "/cache"]
        let size = document.count, mebibyte = 1024 * 1024

        let save = try PeakMemoryRun.run("feed-cache", ["save", "-q"], environment: environment, stdin: input,
                                         stdout: directory + "/saved", stderr: errors)
        XCTAssertEqual(save.status, 0, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
        let loaded = try Command.run("feed-cache", ["load"], environment: environment, timeout: 120)
        XCTAssertEqual(Array(loaded.out.utf8), document, "the feed is stored as it came")

        let listed = try PeakMemoryRun.run("feed-cache", ["load", "--format", "ids"], environment: environment,
                                           stdout: directory + "/ids", stderr: errors)
        XCTAssertEqual(listed.status, 0)
        XCTAssertEqual(try String(contentsOfFile: directory + "/ids", encoding: .utf8), ids)

        var others: [String: PeakMemoryRun] = [:]
        for (name, arguments) in [("text", ["load", "--format", "text"]), ("html", ["load", "--format", "html"]), ("missing", ["image", "missing"])] {
            let run = try PeakMemoryRun.run("feed-cache", arguments, environment: environment, stdout: directory + "/" + name, stderr: errors)
            XCTAssertEqual(run.status, 0, "\(arguments): " + ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""))
            others[name] = run
        }
        let missing = try Data(contentsOf: URL(fileURLWithPath: directory + "/missing"))
        XCTAssertEqual(Array(missing), document, "no image is cached: every item is missing")
        let text = try String(contentsOfFile: directory + "/text", encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "\n\n").count, 250_000, "a paragraph an item")
        let page = try String(contentsOfFile: directory + "/html", encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "<figure>").count - 1, 250_000)
        for (name, run) in others {
            print("\(name): peak \(run.peakBytes / mebibyte) MiB in \(run.seconds) s")
            XCTAssertLessThan(run.peakBytes, size * 6 / 5 + 16 * mebibyte, "\(name) holds no tree of the feed")
        }

        print("save of \(size / mebibyte) MiB: peak \(save.peakBytes / mebibyte) MiB in \(save.seconds) s; load --format ids: \(listed.peakBytes / mebibyte) MiB in \(listed.seconds) s")
        XCTAssertGreaterThan(save.peakBytes, size / 2, "VmHWM was read")
        XCTAssertLessThan(save.peakBytes, size * 3 / 2 + 16 * mebibyte, "save holds no tree of the feed")
        XCTAssertLessThan(listed.peakBytes, size * 6 / 5 + 16 * mebibyte, "load --format ids holds no tree of the feed")
    }

    /// A feed document as feed-map writes it (every third item without a
    /// description, text with quotes and "é"), and its ids one a line.
    private static func feed(items count: Int) -> ([UInt8], String) {
        var document = Array(#"{"items":["#.utf8)
        var ids = ""
        document.reserveCapacity(count * 180)
        for index in 0..<count {
            let id = String(format: "%08X-0000-4000-8000-%012X", index, index * 7)
            ids += id + "\n"
            if index > 0 { document.append(0x2C) }
            var item = #"{"id":"\#(id)""#
            if index % 3 != 2 { item += #","description":"caf\#u{E9} \"number\" \#(index)""# }
            item += #","location":"S\#u{E3}o Paulo","url":"https://images.example/v1/\#(id).jpg"}"#
            document += item.utf8
        }
        document += Array("]}\n".utf8)
        return (document, ids)
    }
}
