import Foundation
import XCTest
import FeedTestSupport

/// The man pages: mandoc's lint, their sections, exit codes, examples and
/// options, checked against the built commands' own --help.
final class ManPageTests: XCTestCase, DocumentationTesting {

    func testMandocLintReportsNothing() throws {
        let mandoc = try requireProgram("mandoc", package: "mandoc")
        let pages = Self.tools.map(Self.page) + [Self.overviewPage]
        for page in pages {
            XCTAssertTrue(FileManager.default.fileExists(atPath: page), "missing man page \(page)")
        }
        let result = try Command.run(mandoc, ["-Tlint", "-Wwarning"] + pages)
        XCTAssertEqual(result.status, 0, "mandoc -Tlint -Wwarning failed:\n\(result.out)\(result.err)")
        XCTAssertEqual(result.out + result.err, "", "mandoc -Tlint -Wwarning reported problems")
    }

    func testEachCommandPageHasTheUsualSections() throws {
        for tool in Self.tools {
            let sections = try renderedSections(Self.page(tool))
            var required = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"]
            if tool == "feed-cache" { required.append("FILES") }
            for name in required {
                XCTAssertNotNil(sections[name], "\(tool).1 has no \(name) section")
            }
            let seeAlso = sections["SEE ALSO"] ?? ""
            XCTAssertTrue(seeAlso.contains("essential-feed(7)"), "\(tool).1: SEE ALSO should name essential-feed(7)")
            for other in Self.tools where other != tool {
                XCTAssertTrue(seeAlso.contains("\(other)(1)"), "\(tool).1: SEE ALSO should name \(other)(1)")
            }
        }
    }

    func testEachCommandPageListsEveryExitCode() throws {
        for tool in Self.tools {
            let sections = try renderedSections(Self.page(tool))
            let listed = Self.listedCodes(sections["EXIT STATUS"] ?? "")
            for code in Self.exitCodes[tool] ?? [] {
                XCTAssertTrue(listed.contains(code), "\(tool).1: EXIT STATUS does not list \(code) (lists \(listed.sorted()))")
            }
        }
    }

    func testOverviewPageCoversRecordsPipelineCacheAndExitCodes() throws {
        let sections = try renderedSections(Self.overviewPage)
        for name in ["NAME", "DESCRIPTION", "RECORDS", "THE PIPELINE", "THE CACHE", "EXIT CODES", "SEE ALSO"] {
            XCTAssertNotNil(sections[name], "essential-feed.7 has no \(name) section")
        }
        let records = sections["RECORDS"] ?? ""
        for record in ["Response record", "Feed document", "Comments document", "Error record"] {
            XCTAssertTrue(records.contains(record), "essential-feed.7: RECORDS does not describe the \(record.lowercased())")
        }
        let listed = Self.listedCodes(sections["EXIT CODES"] ?? "")
        for code in [0, 64, 65, 66, 69, 74, 75, 130, 143] {
            XCTAssertTrue(listed.contains(code), "essential-feed.7: EXIT CODES does not list \(code)")
        }
        let cache = sections["THE CACHE"] ?? ""
        for fact in ["FEED_CACHE_DIR", "XDG_CACHE_HOME", ".cache/essential-feed", "FEED_CACHE_MAX_AGE", "atomic"] {
            XCTAssertTrue(cache.contains(fact), "essential-feed.7: THE CACHE does not mention \(fact)")
        }
        XCTAssertTrue(Self.squeezed(sections["THE PIPELINE"] ?? "").contains(Self.idiom), "essential-feed.7: THE PIPELINE lacks the idiom")
    }

    /// The contract's idiom and the README's pipelines, in the EXAMPLES.
    func testExamplesShowTheRealPipelines() throws {
        let cacheExamples = Self.squeezed(try renderedSections(Self.page("feed-cache"))["EXAMPLES"] ?? "")
        for pipeline in [
            Self.idiom,
            #"feed=$(feed-fetch "$URL" | feed-map | feed-cache save) || feed=$(feed-cache load)"#,
            "feed-cache load | feed-fetch -j 8 | feed-cache image save",
            #"feed-cache image load "$IMG" > img.png || { feed-fetch "$IMG" | feed-cache image save && feed-cache image load "$IMG" > img.png; }"#,
            #"feed-fetch "$API/v1/image/$ID/comments" | feed-comments --format text"#,
            "feed-cache validate",
            "feed-cache load --format html -o feed.html && xdg-open feed.html",
        ] {
            XCTAssertTrue(cacheExamples.contains(pipeline), "feed-cache.1: EXAMPLES lacks: \(pipeline)")
        }
        for tool in ["feed-fetch", "feed-map"] {
            let examples = Self.squeezed(try renderedSections(Self.page(tool))["EXAMPLES"] ?? "")
            XCTAssertTrue(examples.contains(Self.idiom), "\(tool).1: EXAMPLES lacks the idiom")
        }
        let comments = Self.squeezed(try renderedSections(Self.page("feed-comments"))["EXAMPLES"] ?? "")
        XCTAssertTrue(comments.contains("feed-comments --format text"), "feed-comments.1: EXAMPLES lacks --format text")
    }

    /// Every option a command's --help prints (each feed-cache subcommand's
    /// too) is in its man page's OPTIONS, and every option the page lists
    /// there is one the command's --help knows.
    func testEveryOptionInHelpIsInTheManPageAndBack() throws {
        for tool in Self.tools {
            var inHelp = try helpOptions(tool)
            if tool == "feed-cache" {
                for subcommand in Self.cacheSubcommands {
                    inHelp.formUnion(try helpOptions(tool, [subcommand]))
                }
            }
            XCTAssertTrue(inHelp.contains("--help"), "could not read the options of \(tool) --help")
            let options = Self.options(in: try renderedSections(Self.page(tool))["OPTIONS"] ?? "")
            for option in inHelp.sorted() {
                XCTAssertTrue(options.contains(option), "\(tool) --help prints \(option), \(tool).1 OPTIONS does not")
            }
            let listed = try Self.listedOptions(Self.page(tool))
            XCTAssertFalse(listed.isEmpty, "\(tool).1: no .It Fl items in OPTIONS")
            for option in listed.sorted() {
                XCTAssertTrue(inHelp.contains(option), "\(tool).1 OPTIONS lists \(option), \(tool) --help does not")
            }
        }
    }
}
