import Foundation
import XCTest
import FeedTestSupport

/// Debian's Chromium, headless, on a page file: in a profile and a HOME of
/// its own (removed after the test), quiet (no first-run, sync, extensions or
/// background requests of its own), at scale 1 in sRGB so that a screenshot's
/// pixels are the page's colours. Missing, it skips the test, or fails it
/// under CI=true.
struct HeadlessChromium {
    let executable: String
    let directory: String

    init(_ testCase: XCTestCase) throws {
        executable = try RequiredTool.path("chromium", package: "chromium")
        directory = makeTemporaryDirectory(testCase)
    }

    func run(_ arguments: [String], page: String) throws -> CommandResult {
        let quiet = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory)/profile", "--no-first-run",
                     "--no-default-browser-check", "--disable-extensions", "--disable-sync", "--disable-background-networking",
                     "--disable-component-update", "--mute-audio", "--hide-scrollbars", "--force-color-profile=srgb",
                     "--force-device-scale-factor=1"]
        return try Command.run(executable, quiet + arguments + ["file://" + page], environment: ["HOME": directory], timeout: 120)
    }

    /// The page as a window of `width` × `height` shows it, in the light or dark scheme.
    func screenshot(of page: String, width: Int, height: Int, dark: Bool = false,
                    file: StaticString = #filePath, line: UInt = #line) throws -> DecodedPNG {
        let path = directory + "/screenshot-\(UUID().uuidString).png"
        let result = try run(["--screenshot=\(path)", "--window-size=\(width),\(height)"] + (dark ? ["--force-dark-mode"] : []), page: page)
        guard let bytes = FileManager.default.contents(atPath: path) else {
            XCTFail("chromium wrote no screenshot (exit \(result.status)): \(result.err)", file: file, line: line)
            throw InflateBits.Failure(description: "no screenshot")
        }
        return try DecodedPNG([UInt8](bytes))
    }

    /// The DOM Chromium built from the page, serialized.
    func dom(of page: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try run(["--dump-dom"], page: page)
        XCTAssertEqual(result.status, 0, "chromium --dump-dom: \(result.err)", file: file, line: line)
        return result.out
    }
}
