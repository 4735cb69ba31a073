import FeedCore
import FeedStoreFiles
import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport

/// Hostile bytes on the standard input of every command that reads records:
/// random bytes, invalid UTF-8, NUL bytes, truncated records, JSON of the
/// wrong types, 200,000-deep nesting, a 50 MB string, huge numbers, duplicate
/// keys, and seeded mutations of valid records. Every run ends with a
/// documented exit code (never a signal: no trap, no stack overflow), writes
/// only whole JSON records on stdout, one stderr line per error it starts
/// (exactly one for a single record), and leaves a cache saved before as it
/// was unless it saved something valid. `scripts/fuzz` runs the same idea at
/// length, by hand.
final class HostileInputTests: XCTestCase {
    struct Target {
        let name: String
        let tool: String
        let arguments: [String]
        /// Valid inputs, to mutate.
        let seeds: [[UInt8]]
    }

    struct Case {
        let what: String
        let input: [UInt8]
        /// One record (or one malformed blob): at most one stderr line.
        let single: Bool
    }

    var server: LoopbackServer!
    var cache = ""
    var keptImage = "https://images.example/kept.png"
    lazy var savedFeed = generatedFeed(items: 3, tag: 0x5A, including: [keptImage])

    override func setUpWithError() throws {
        let server = try LoopbackServer(handler: { _ in .ok("{\"items\":[]}") })
        self.server = server
        addTeardownBlock { server.stop() }
        cache = makeTemporaryDirectory(self) + "/cache"
        try seedCache()
    }

    // MARK: The deterministic corpus

    func test_theHostileCorpus_onEveryCommand_endsInADocumentedCode_withOneMessage_andTheCacheAsItWas() throws {
        for target in targets() {
            for hostile in corpus(for: target) {
                try runAndCheck(target, hostile)
            }
        }
    }

    // MARK: Seeded mutations of valid records

    func test_seededMutationsOfValidRecords_onEveryCommand_endInADocumentedCode() throws {
        let seed = testSeed(0xFEED_F00D)
        var generator = SplitMix64(seed: seed)
        for target in targets() {
            for number in 0..<40 {
                let original = target.seeds[number % target.seeds.count]
                let (mutated, how) = Self.mutate(original, using: &generator)
                try runAndCheck(target, Case(what: "seed \(seed) mutation \(number): \(how)", input: mutated, single: false))
            }
        }
    }

    // MARK: Huge inputs

    func test_aFiftyMegabyteString_onEveryCommand_endsInADocumentedCode() throws {
        let big = String(repeating: "a", count: 50_000_000)
        let inputs: [(String, [UInt8])] = [
            ("feed-map", Array("{\"url\":\"https://h/f\",\"status\":200,\"headers\":{},\"body\":\"\(big)\"}\n".utf8)),
            ("feed-comments", Array("{\"url\":\"https://h/c\",\"status\":200,\"headers\":{},\"body\":\"\(big)\"}\n".utf8)),
            ("feed-fetch", Array("{\"items\":[{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"url\":\"\(big)\"}]}\n".utf8)),
            ("feed-cache save", Array("{\"items\":[{\"id\":\"\(big)\",\"url\":\"https://h/a\"}]}\n".utf8)),
            ("feed-cache image save", Array("{\"url\":\"\(big)\",\"status\":200,\"headers\":{},\"body\":\"x\"}\n".utf8)),
        ]
        let byName = Dictionary(uniqueKeysWithValues: targets().map { ($0.name, $0) })
        // Two at a time: the machine has two cores.
        let lock = NSLock()
        var results: [(Target, Case, CommandResult)] = []
        var failures: [String] = []
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for (index, (name, input)) in inputs.enumerated() where index % 2 == lane {
                guard let target = byName[name] else { continue }
                let hostile = Case(what: "a 50 MB string", input: input, single: true)
                do {
                    let result = try Command.run(target.tool, target.arguments, stdinBytes: input, environment: ["FEED_CACHE_DIR": cache], timeout: 300)
                    lock.withLock { results.append((target, hostile, result)) }
                } catch {
                    lock.withLock { failures.append("\(name): \(error)") }
                }
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(results.count, inputs.count)
        for (target, hostile, result) in results {
            check(result, target, hostile)
        }
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache]).stdout, savedFeed + [0x0A])
    }
}
