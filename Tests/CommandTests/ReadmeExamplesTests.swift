import Foundation
import XCTest
import FeedTestSupport

/// The README's examples, pasted in order as a user would on a fresh machine:
/// every ```sh block, one after the other in one shell, against the demo's
/// fixture API (its address in place of the README's api.example.com), with
/// an empty home directory and so an empty cache.
final class ReadmeExamplesTests: XCTestCase, DocumentationTesting {

    func test_readmeExamples_runInOrderAgainstTheFixtureAPI_eachDoingWhatItSays() throws {
        try assertReadmeExamplesRun(againstServerWith: [], preparing: "")
    }

    /// The same against the API of the usual kind: it keeps its ids in lower
    /// case and finds them only as it spells them (a comments URL, an
    /// `after_id`), and serves its own images by paths relative to the feed's
    /// URL (`/img/1.png`, `img/2.png`).
    func test_readmeExamples_runAgainstAnAPIThatMatchesItsLowerCaseIdsAsTextAndServesRelativeImagePaths() throws {
        let relativeImages = """
        mkdir -p "$work/api/img" "$work/api/v1/img"
        cp "$work/api/images/1.png" "$work/api/img/1.png"
        cp "$work/api/images/2.png" "$work/api/v1/img/2.png"
        sed -e 's#"__BASE__/images/1.png"#"/img/1.png"#' -e 's#"__BASE__/images/2.png"#"img/2.png"#' "$work/api/v1/feed" > "$work/feed"
        mv "$work/feed" "$work/api/v1/feed"
        grep -q '"/img/1.png"' "$work/api/v1/feed" && grep -q '"img/2.png"' "$work/api/v1/feed" || exit 98

        """
        try assertReadmeExamplesRun(againstServerWith: ["--exact-ids"], preparing: relativeImages)
    }

    private func assertReadmeExamplesRun(againstServerWith serverOptions: [String], preparing: String) throws {
        let blocks = try Self.shellBlocks(in: Self.packageRoot + "/README.md")
        XCTAssertEqual(blocks.count, 5, "the README's ```sh blocks: first steps, from there, a failure kept apart, cron, pages")
        guard blocks.count == 5 else { return }
        XCTAssertTrue(blocks[0].contains("API=https://api.example.com"), "the first block sets API:\n\(blocks[0])")
        XCTAssertTrue(blocks[3].contains("--if-changed"), "the fourth block is the cron pair:\n\(blocks[3])")

        let work = makeTemporaryDirectory(self)
        let output = try runBlocks(blocks, in: work, serverOptions: serverOptions, preparing: preparing)
        XCTAssertEqual(output.status, 0, "the README's examples, in order: \(output.err)")
        XCTAssertEqual(output.err, "", "the README's examples print no message")
        let shown = Self.outputs(of: output.out, blocks: blocks.count)
        guard shown.count == blocks.count else { return XCTFail("every block ran: \(output.out)") }

        // First steps: nothing from the quiet save, then the first four lines of the text list.
        XCTAssertEqual(shown[0].filter { $0 == "\n" }.count, 4, shown[0])
        XCTAssertTrue(shown[0].contains("East Side Gallery"), shown[0])
        // From there: the image is a PNG, the comments are text, the page is HTML.
        let image = try XCTUnwrap(FileManager.default.contents(atPath: work + "/run/image.png"))
        XCTAssertEqual(Array(image.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "image.png is the first item's image")
        XCTAssertFalse(shown[1].isEmpty, "the comments, to read")
        XCTAssertFalse(shown[1].contains("{"), "the comments as text, not JSON: \(shown[1])")
        let page = try String(contentsOfFile: work + "/run/feed.html", encoding: .utf8)
        XCTAssertTrue(page.lowercased().hasPrefix("<!doctype html>"), String(page.prefix(80)))
        XCTAssertEqual(page.components(separatedBy: "src=\"data:image/png;base64,").count - 1, 25, "the page embeds the 25 prefetched images")
        // The captured feed counts its items.
        XCTAssertEqual(shown[2].trimmingCharacters(in: .whitespacesAndNewlines), "25")
        // From cron, nothing changed and every image is stored: not a word.
        XCTAssertEqual(shown[3], "", "the cron pair prints nothing when nothing changed")
        // Pages: the whole feed by pages, then an empty "load more".
        let ids = try Command.run("feed-cache", ["load", "--format", "ids"], environment: ["HOME": work + "/home"])
        XCTAssertEqual(ids.outLines.count, 25, ids.err)
        XCTAssertEqual(shown[4], "")
    }

    /// The README's fenced ```sh blocks, in order (other blocks are
    /// installation steps, a crontab or synopses: not run).
    static func shellBlocks(in path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sh" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Runs the blocks in one `sh -e`, from an empty folder, with an empty
    /// HOME (so the default cache), against the fixture API; a marker line
    /// after each block parts their outputs.
    private func runBlocks(_ blocks: [String], in work: String, serverOptions: [String], preparing: String) throws -> CommandResult {
        var script = """
        set -e
        work=\(shellQuote(work))
        mkdir "$work/run" "$work/home"
        cp -R \(shellQuote(Self.packageRoot + "/demo/api")) "$work/api"
        \(preparing)feed-fixture-server \(serverOptions.map(shellQuote).joined(separator: " ")) "$work/api" > "$work/base" &
        server=$!
        trap 'kill $server' EXIT
        tries=0
        until [ -s "$work/base" ]; do
            tries=$((tries + 1)); [ "$tries" -le 200 ] || exit 99
            sleep 0.05
        done
        base=$(head -n 1 "$work/base")
        sed "s#__BASE__#$base#g" "$work/api/v1/feed" > "$work/feed" && mv "$work/feed" "$work/api/v1/feed"
        cd "$work/run"

        """
        for (index, block) in blocks.enumerated() {
            let pointed = block.replacingOccurrences(of: "API=https://api.example.com", with: "API=$base")
            script += pointed + "\necho '@@ block \(index) done'\n"
        }
        return try Command.sh(script, environment: ["HOME": work + "/home"], timeout: 120)
    }

    /// Each block's standard output, by the markers.
    private static func outputs(of output: String, blocks: Int) -> [String] {
        var shown: [String] = []
        var rest = Substring(output)
        for index in 0..<blocks {
            guard let marker = rest.range(of: "@@ block \(index) done\n") else { break }
            shown.append(String(rest[..<marker.lowerBound]))
            rest = rest[marker.upperBound...]
        }
        return shown
    }
}
