import FeedCore
import FeedStoreFiles
import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport

/// The commands `HostileInputTests` runs, the hostile corpus and the seeded
/// mutations it gives them, and the checks of every run.
extension HostileInputTests {

    // MARK: The commands

    func targets() -> [Target] {
        let payload = Array(TestAccount.payload.utf8)
        let response = record(url: "https://api.example/v1/feed", status: 200, body: TestAccount.payload)
        let spots = record(url: "https://api.example/v1/spots", status: 200, body: feedPayload([
            ["id": "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "author": "a", "description": "d", "likes": 12, "image": "https://h/1"],
        ]))
        let comments = record(url: "https://api.example/v1/image/1/comments", status: 200, body: feedPayload([
            ["id": "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "message": "m", "created_at": "2020-05-20T11:24:59+0000", "author": ["username": "u"]],
            ["id": "BA298A85-6275-48D3-8315-9C8F7C1CD109", "message": "n", "created_at": "2020-05-20T11:24:59.123-05:30", "author": ["username": "v"]],
        ]))
        let images = feedPayload([
            ["id": "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "url": server.url("/image-0")],
            ["id": "BA298A85-6275-48D3-8315-9C8F7C1CD109", "url": server.url("/image-1"), "description": "d"],
        ])
        let imageRecords = [
            record(url: "https://h/x", status: 200, body: "image bytes"),
            imageRecord(url: "https://h/y", body: [0xFF, 0x00, 0x01]),
            "{\"url\":\"https://h/z\",\"error\":{\"kind\":\"connectivity\",\"message\":\"refused\"}}",
        ].joined(separator: "\n")
        return [
            Target(name: "feed-map", tool: "feed-map", arguments: [], seeds: [Array(response.utf8), payload]),
            Target(name: "feed-map --schema spots", tool: "feed-map", arguments: ["--schema", "spots"], seeds: [Array(spots.utf8)]),
            Target(name: "feed-comments", tool: "feed-comments", arguments: [], seeds: [Array(comments.utf8)]),
            Target(name: "feed-fetch", tool: "feed-fetch", arguments: ["--timeout", "2"],
                   seeds: [Array(images.utf8), Array("\(server.url("/a"))\n\(server.url("/b"))\n".utf8)]),
            Target(name: "feed-cache save", tool: "feed-cache", arguments: ["save"], seeds: [savedFeed, Array(TestAccount.feedDocument.utf8)]),
            Target(name: "feed-cache image save", tool: "feed-cache", arguments: ["image", "save"], seeds: [Array(imageRecords.utf8)]),
        ]
    }

    func corpus(for target: Target) -> [Case] {
        var cases: [Case] = []
        func add(_ what: String, _ bytes: [UInt8], single: Bool = true) { cases.append(Case(what: what, input: bytes, single: single)) }
        func add(_ what: String, _ text: String, single: Bool = true) { add(what, Array(text.utf8), single: single) }

        var generator = SplitMix64(seed: 0xBAD_B17E5)
        for count in [1, 64, 4_096, 100_000] {
            add("\(count) random bytes", (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }, single: false)
        }
        add("random printable text", String((0..<2_000).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator))) }), single: false)

        // Invalid UTF-8, alone and inside otherwise valid records.
        for (what, bytes) in [("0xFF", [0xFF] as [UInt8]), ("an overlong slash", [0xC0, 0xAF]), ("a UTF-8 surrogate", [0xED, 0xA0, 0x80]),
                              ("a cut sequence", [0xE2, 0x82]), ("a stray continuation", [0x80])] {
            add("\(what) alone", bytes)
            for seed in target.seeds.prefix(1) {
                add("\(what) in a string", splice(seed, after: "\"", bytes))
                add("\(what) at the end", seed + bytes, single: false)
            }
        }
        add("a byte-order mark", [0xEF, 0xBB, 0xBF] + (target.seeds.first ?? []))
        add("UTF-16", Array("{\"items\":[]}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))

        // NUL bytes.
        add("one NUL", [0])
        add("NULs", [UInt8](repeating: 0, count: 1_000))
        add("a NUL inside the object", Array("{\u{0}}".utf8))
        if let seed = target.seeds.first {
            add("a raw NUL in a string", splice(seed, after: "\"", [0]))
            add("a NUL after the record", seed + [0], single: false)
            add("an escaped NUL in a string", splice(seed, after: "\"", Array("\\u0000".utf8)))
        }

        // Truncated records: every eighth of the first seed, and one byte short.
        if let seed = target.seeds.first {
            for eighth in 1..<8 { add("truncated at \(eighth)/8", Array(seed.prefix(seed.count * eighth / 8))) }
            add("one byte short", Array(seed.dropLast(seed.last == 0x0A ? 2 : 1)))
        }

        // Valid JSON of the wrong shape or types.
        for json in ["null", "true", "0", "-1", "\"a string\"", "[]", "[{}]", "{}", "[[[]]]", "{\"items\":null}", "{\"items\":\"x\"}",
                     "{\"items\":{}}", "{\"items\":[1,2]}", "{\"items\":[null]}", "{\"items\":[[]]}", "{\"items\":[{}]}",
                     "{\"items\":[{\"id\":5,\"url\":[],\"image\":{},\"description\":7,\"likes\":\"9\"}]}",
                     "{\"status\":\"200\",\"url\":\"https://h/x\",\"headers\":{},\"body\":\"\"}",
                     "{\"status\":200,\"url\":5,\"headers\":{},\"body\":\"\"}",
                     "{\"status\":200,\"url\":\"https://h/x\",\"headers\":[],\"body\":\"\"}",
                     "{\"status\":200,\"url\":\"https://h/x\",\"headers\":{\"a\":1},\"body\":\"\"}",
                     "{\"status\":200,\"url\":\"https://h/x\",\"headers\":{},\"body\":5}",
                     "{\"status\":200,\"url\":\"https://h/x\",\"headers\":{},\"body_base64\":\"!!!\"}",
                     "{\"status\":200,\"url\":\"https://h/x\",\"headers\":{},\"body\":\"a\",\"body_base64\":\"YQ==\"}",
                     "{\"status\":200,\"url\":\"https://h/x\",\"headers\":{}}",
                     "{\"status\":200,\"url\":\"https://h/x\",\"headers\":{},\"body\":\"{\\\"items\\\":[{\\\"id\\\":[]}]}\"}",
                     "{\"error\":\"x\"}", "{\"error\":{\"kind\":5}}", "{\"error\":{\"kind\":\"no-such-kind\",\"message\":\"m\"}}",
                     "{\"error\":{\"kind\":\"connectivity\"}}", "{\"error\":{\"kind\":\"usage\",\"message\":7}}"] {
            add("JSON \(json)", json)
        }

        // Deep nesting: 200,000 levels, bare, inside a record, inside a body.
        let depth = 200_000
        let deepArray = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let deepObject = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        add("a 200,000-deep array", deepArray)
        add("a 200,000-deep object", deepObject)
        add("an unclosed 200,000-deep array", String(repeating: "[", count: depth))
        add("deep nesting in an item", "{\"items\":[{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"url\":\"https://h/a\",\"x\":\(deepArray)}]}")
        add("deep nesting in a body", record(url: "https://h/deep", status: 200, body: deepArray))
        add("deep nesting in a header", "{\"url\":\"https://h/x\",\"status\":200,\"headers\":\(deepObject),\"body\":\"\"}")

        // Huge numbers, as likes, status and elsewhere.
        for number in ["1e999999", "-1e999999", "1e-999999", "99999999999999999999999", "-99999999999999999999999",
                       "9223372036854775808", String(repeating: "9", count: 100_000)] {
            add("\(number.prefix(30)) as status", "{\"url\":\"https://h/x\",\"status\":\(number),\"headers\":{},\"body\":\"x\"}")
            add("\(number.prefix(30)) as likes", record(url: "https://h/s", status: 200, body: feedPayload([
                ["id": "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "author": "a", "image": "https://h/1", "likes": "LIKES"],
            ]).replacingOccurrences(of: "\"LIKES\"", with: number)))
            add("\(number.prefix(30)) in an item", "{\"items\":[{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"url\":\"https://h/a\",\"likes\":\(number)}]}")
        }

        // Duplicate keys.
        for json in ["{\"items\":[],\"items\":{}}", "{\"items\":{},\"items\":[]}",
                     "{\"items\":[{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"url\":\"https://h/a\",\"url\":\"not a url\"}]}",
                     "{\"items\":[{\"id\":\"not a uuid\",\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"url\":\"https://h/a\"}]}",
                     "{\"url\":\"https://h/x\",\"status\":200,\"status\":\"x\",\"headers\":{},\"body\":\"x\"}",
                     "{\"url\":\"https://h/x\",\"url\":\"https://h/y\",\"status\":200,\"headers\":{},\"body\":\"x\",\"body\":\"y\"}",
                     "{\"url\":\"https://h/x\",\"error\":{\"kind\":\"usage\",\"message\":\"m\"},\"status\":200,\"headers\":{},\"body\":\"x\"}"] {
            add("duplicate keys \(json)", json)
        }

        // Lone surrogates, control characters, many records.
        add("a lone surrogate escape", record(url: "https://h/\\ud800", status: 200, body: "\u{1}"))
        add("a raw control character", "{\"items\":[{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"url\":\"https://h/\u{7}\"}]}")
        add("CRLF records", (target.seeds.first.map { String(decoding: $0, as: UTF8.self) } ?? "") + "\r\n", single: false)
        add("1,000 invalid records", String(repeating: "{\"items\":5}\n", count: 1_000), single: false)
        return cases
    }

    // MARK: Running and checking

    func runAndCheck(_ target: Target, _ hostile: Case, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try Command.run(target.tool, target.arguments, stdinBytes: hostile.input, environment: ["FEED_CACHE_DIR": cache], timeout: 120)
        check(result, target, hostile, file: file, line: line)
    }

    func check(_ result: CommandResult, _ target: Target, _ hostile: Case, file: StaticString = #filePath, line: UInt = #line) {
        let label = "\(target.name) on \(hostile.what.prefix(200))"
        XCTAssertFalse(result.signaled, "\(label): ended by signal \(result.status)", file: file, line: line)
        XCTAssertTrue(documentedExitCodes.contains(result.status), "\(label): undocumented exit \(result.status)", file: file, line: line)

        // Only whole JSON records on stdout (Foundation's reader first, for
        // speed; it refuses a number like 1e999999, which JSON allows, so then
        // FeedKit's strict one). Each record: does it carry an error?
        let lines = result.stdout.split(separator: 0x0A)
        let records = lines.compactMap { line -> Bool? in
            if let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] { return object["error"] != nil }
            guard case .object(let object)? = try? JSONReader.parseSingle(Array(line)) else { return nil }
            return object["error"] != nil
        }
        XCTAssertEqual(records.count, lines.count, "\(label): a partial or non-JSON line on stdout", file: file, line: line)

        // One message per error it starts: one at most for one record.
        let tool = target.tool
        for message in result.errLines {
            XCTAssertTrue(message.hasPrefix("\(tool): "), "\(label): stray stderr \(message.prefix(200))", file: file, line: line)
        }
        let errorRecords = records.filter { $0 }.count
        if hostile.single {
            XCTAssertLessThanOrEqual(result.errLines.count, 1, "\(label): \(result.err.prefix(500))", file: file, line: line)
        } else {
            XCTAssertLessThanOrEqual(result.errLines.count, max(1, errorRecords), "\(label): \(result.err.prefix(500))", file: file, line: line)
        }
        if result.status != 0 {
            XCTAssertTrue(errorRecords > 0, "\(label): exit \(result.status) with no error record for the next stage", file: file, line: line)
        }

        // The cache: unchanged, unless a save stored a valid feed (then load gives it).
        let loaded = try? Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache])
        let image = try? Command.run("feed-cache", ["image", "load", keptImage], environment: ["FEED_CACHE_DIR": cache])
        if target.name == "feed-cache save" && result.status == 0 {
            // A valid feed was saved (its images pruned, as they should be).
            XCTAssertEqual(loaded?.stdout, result.stdout, "\(label): load gives what save stored", file: file, line: line)
            try? seedCache()
        } else {
            XCTAssertEqual(loaded?.stdout, savedFeed + [0x0A], "\(label): the saved feed changed", file: file, line: line)
            XCTAssertEqual(image?.stdout, imageBytes(for: keptImage, count: 500), "\(label): the saved image changed", file: file, line: line)
        }
    }

    // MARK: Helpers

    func seedCache() throws {
        let env = ["FEED_CACHE_DIR": cache]
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdinBytes: savedFeed, environment: env).status, 0)
        XCTAssertEqual(try Command.run("feed-cache", ["image", "save"], stdin: imageRecord(url: keptImage, body: imageBytes(for: keptImage, count: 500)),
                                       environment: env).status, 0)
    }

    func record(url: String, status: Int, body: String) -> String {
        let object: [String: Any] = ["url": url, "status": status, "headers": ["content-type": "application/json"], "body": body]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// `bytes` inserted right after the first occurrence of `marker` in `seed`.
    func splice(_ seed: [UInt8], after marker: Character, _ bytes: [UInt8]) -> [UInt8] {
        guard let ascii = marker.asciiValue, let index = seed.firstIndex(of: ascii) else { return seed + bytes }
        var result = seed
        result.insert(contentsOf: bytes, at: index + 1)
        return result
    }

    /// One to four seeded mutations: bit flips, special bytes, truncation,
    /// insertions of bytes or hostile tokens, deletions, duplications.
    static func mutate(_ input: [UInt8], using generator: inout SplitMix64) -> ([UInt8], String) {
        let specials: [UInt8] = [0x00, 0xFF, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x0A, 0x80, 0xC3, 0x20, 0x30, 0x2D]
        let tokens = ["\\u0000", "\\ud800", "1e999999", "99999999999999999999999", "null", "[", "{", "\"", "\u{FEFF}", "\\", ",", "]}", "\u{0}",
                      "{\"items\":[]}", "\"status\":999,", "\"url\":5,"]
        var bytes = input
        var steps: [String] = []
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0 where !bytes.isEmpty:
                let bit = UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
                bytes[at] ^= bit
                steps.append("flip bit \(bit) at \(at)")
            case 1 where !bytes.isEmpty:
                let special = specials.randomElement(using: &generator) ?? 0
                bytes[at] = special
                steps.append("set \(at) to \(special)")
            case 2:
                bytes.removeSubrange(at...)
                steps.append("truncate at \(at)")
            case 3:
                let random = (0..<Int.random(in: 1...8, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                bytes.insert(contentsOf: random, at: at)
                steps.append("insert \(random) at \(at)")
            case 4:
                let token = tokens.randomElement(using: &generator) ?? ""
                bytes.insert(contentsOf: Array(token.utf8), at: at)
                steps.append("insert \(token.debugDescription) at \(at)")
            case 5 where !bytes.isEmpty:
                let end = min(bytes.count, at + Int.random(in: 1...16, using: &generator))
                bytes.removeSubrange(at..<end)
                steps.append("delete \(at)..<\(end)")
            default:
                let end = min(bytes.count, at + Int.random(in: 1...32, using: &generator))
                bytes.insert(contentsOf: bytes[at..<end], at: end)
                steps.append("duplicate \(at)..<\(end)")
            }
        }
        return (bytes, steps.joined(separator: ", "))
    }
}
