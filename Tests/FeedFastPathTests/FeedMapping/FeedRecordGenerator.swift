import XCTest
import FeedTestSupport
import Foundation
import FeedCore
@testable import FeedFastPath

// MARK: - Response records, valid and mutated

/// A JSON value to be written with random white space and escapes.
indirect enum Fragment {
    /// JSON text, as is.
    case raw([UInt8])
    /// A string, its scalars written with random escapes.
    case string([UInt32])
    /// A string literal holding these bytes: escaped as a string if they are
    /// valid UTF-8, else put in raw (which makes the literal invalid).
    case bytes([UInt8])
    case array([Fragment])
    case object([Member])

    static func text(_ text: String) -> Fragment { .raw(Array(text.utf8)) }
}

enum LargePayloadFlaw: CaseIterable {
    case none, badItemAfterSplit, badItemsAroundSplit, nestedSplit, itemsAgainAfterArray
}

struct Member {
    var key: [UInt32]
    var value: Fragment
    /// The key's first character written as a \u escape.
    var escapedKey = false

    init(_ key: String, _ value: Fragment, escapedKey: Bool = false) {
        self.key = DifferentialText.scalars(key)
        self.value = value
        self.escapedKey = escapedKey
    }

    var name: String { String(String.UnicodeScalarView(key.compactMap(Unicode.Scalar.init))) }
}

struct FeedRecordGenerator {
    var rng: SplitMix64
    let schema: FeedSchema
    /// White space between tokens in the record being written.
    var spaced = false
    /// How often a string's scalars are escaped in the record being written.
    var escapePercent = 5
    var values: DifferentialJSONGenerator

    init(seed: UInt64, schema: FeedSchema) {
        rng = SplitMix64(seed: seed)
        values = DifferentialJSONGenerator(seed: seed ^ 0x5A5A_5A5A)
        self.schema = schema
    }

    // MARK: Valid records

    mutating func validRecord() -> [UInt8] {
        write(record(payload: payloadBytes(payload())))
    }

    mutating func streamSeparator() -> [UInt8] {
        switch rng.below(10) {
        case 0: return []
        case 1, 2: return Array(" \r\n\t".utf8)
        default: return [0x0A]
        }
    }

    mutating func payload() -> [Member] {
        var members = [Member("items", .array((0..<rng.below(6)).map { _ in .object(item()) }))]
        for _ in 0..<rng.below(3) {
            members.append(Member(rng.pick(["next", "meta", "count", "Items", "page", "é"]), .raw(values.document(small: true))))
        }
        if rng.chance(40) { rng.shuffle(&members) }
        return members
    }

    mutating func item() -> [Member] {
        var members: [Member]
        switch schema {
        case .images:
            members = [Member("id", .string(uuid())), Member("image", .string(url()))]
            if let description = optionalText() { members.append(Member("description", description)) }
            if let location = optionalText() { members.append(Member("location", location)) }
        case .spots:
            members = [Member("id", .string(uuid())), Member("author", .string(text())), Member("likes", .text(likes())),
                       Member("image", .string(url()))]
            if let description = optionalText() { members.append(Member("description", description)) }
        }
        let unknown = schema == .images ? ["author", "likes", "Id", "URL", "tags", "meta", "imageURL", "url"]
                                        : ["location", "Id", "URL", "tags", "meta", "imageURL", "url"]
        for _ in 0..<rng.below(3) {
            members.append(Member(rng.pick(unknown), rng.chance(50) ? .raw(values.document(small: true)) : .string(text())))
        }
        if rng.chance(60) { rng.shuffle(&members) }
        return members
    }

    /// An optional string: present, absent (nil) or null.
    mutating func optionalText() -> Fragment? {
        switch rng.below(10) {
        case 0..<6: return .string(text())
        case 6, 7: return nil
        default: return .text("null")
        }
    }

    mutating func text() -> [UInt32] {
        if rng.chance(30) {
            return DifferentialText.scalars(rng.pick(["", "é", "\"quoted\"", "back\\slash", "a/b", "line\nbreak", "😀 🎉",
                                                     "tab\there", "nul\u{0}", "\u{7F}", "\u{2028}", "Ünïcödé", "中文", "\\u0041"]))
        }
        return DifferentialText.randomScalars(&rng, count: rng.below(14))
    }

    mutating func uuid() -> [UInt32] { DifferentialText.scalars(uuidText()) }

    mutating func uuidText() -> String {
        let hex = Array("0123456789abcdef")
        var text = ""
        for offset in 0..<36 {
            if [8, 13, 18, 23].contains(offset) { text += "-"; continue }
            let digit = String(rng.pick(hex))
            text += rng.chance(50) ? digit.uppercased() : digit
        }
        return text
    }

    mutating func url() -> [UInt32] {
        let scheme = rng.pick(["https", "http", "HTTPS", "ftp", "s3", "a+b-c.d", "x1"])
        let host = rng.pick(["h", "example.com", "[::1]:8080", "user@host", "xn--bcher-kva.example", "h.é"])
        var path = ""
        for _ in 0..<rng.below(4) {
            path += "/" + rng.pick(["image-0", "i", "a%20b", "é", "😀", "x.png", "?q=1&r=2", "#frag", "~u", ""])
        }
        return DifferentialText.scalars("\(scheme)://\(host)\(path)")
    }

    mutating func likes() -> String {
        switch rng.below(10) {
        case 0: return rng.pick(["0", "-0", "9223372036854775807", "-9223372036854775808", "1", "-1"])
        case 1, 2: return "-" + String(rng.below(100_000))
        default: return String(rng.below(rng.chance(80) ? 1000 : Int.max))
        }
    }

    mutating func record(payload body: [UInt8]) -> [Member] {
        var headers: [Member] = []
        for _ in 0..<rng.below(4) {
            // The validators and what states a freshness (the fast path keeps these), and others.
            headers.append(Member(rng.pick(["content-type", "etag", "x-é", "cache-control", "set-cookie", "expires", "date", "age",
                                            "last-modified"]),
                                  .string(DifferentialText.scalars(rng.pick(["application/json", "\"abc\"", "ü", "a, b", "max-age=0", "",
                                                                             "max-age=600", "no-cache, max-age=60", "public, max-age=\"90\"",
                                                                             "Sun, 01 Nov 2026 08:00:00 GMT", "Sun, 01 Nov 2026 08:10:00 GMT",
                                                                             "120", "0"])))))
        }
        var members = [Member("url", .string(DifferentialText.scalars("https://h.example/v1/feed?page=\(rng.below(9))"))),
                       Member("status", .text("200")),
                       Member("headers", .object(headers)),
                       Member("body", .bytes(body))]
        if rng.chance(30) { rng.shuffle(&members) }
        return members
    }

    // MARK: Large payloads

    /// A record whose payload is over 4 MiB, items separated by bare commas
    /// (so that the fast path splits it), with `flaw`.
    /// With `undecodedOnly`, no item holds a surrogate escape, so the record
    /// is one the undecoded path can take whole.
    mutating func largeRecord(flaw: LargePayloadFlaw, undecodedOnly: Bool = false) -> [UInt8] {
        var pool: [[UInt8]] = []
        while pool.count < 48 {
            var item = item()
            item.removeAll { $0.name != "id" && $0.name != "image" && $0.name != "author" && $0.name != "likes"
                             && $0.name != "description" && $0.name != "location" && rng.chance(50) }
            let bytes = payloadItemBytes(item)
            if undecodedOnly && Self.hasSurrogateEscape(bytes) { continue }
            pool.append(bytes)
        }
        let target = (1 << 22) + (1 << 14)
        var items: [[UInt8]] = []
        var size = 0
        while size < target {
            let item = pool[items.count % pool.count]
            items.append(item)
            size += item.count + 1
        }
        // The item in the middle of the payload, by bytes: the split is near it.
        var middle = 0, running = 0
        while running < size / 2 { running += items[middle].count + 1; middle += 1 }
        var bad = Array(items[middle].dropLast()) // an item without its closing brace, then a bad id
        bad.append(contentsOf: Array(#","id":"not-a-uuid"}"#.utf8))
        var trailer: [UInt8] = []
        switch flaw {
        case .none: break
        case .badItemAfterSplit: items[items.count - 3] = bad
        case .badItemsAroundSplit:
            for offset in -2...2 { items[middle + offset] = bad }
        case .nestedSplit:
            // One item holds a long array of objects across the middle: its `,{"` are not item boundaries.
            var nested = Array(items[middle].dropLast())
            nested.append(contentsOf: Array(#","extra":["#.utf8))
            for index in 0..<40_000 { nested.append(contentsOf: Array((index == 0 ? #"{"a":1}"# : #",{"b":[2]}"#).utf8)) }
            nested.append(contentsOf: Array("]}".utf8))
            items[middle - 200] = nested
        case .itemsAgainAfterArray:
            trailer = Array(#","items":[]"#.utf8)
        }
        var payload = Array(#"{"count":3,"items":["#.utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { payload.append(UInt8(ascii: ",")) }
            payload.append(contentsOf: item)
        }
        payload.append(UInt8(ascii: "]"))
        payload.append(contentsOf: trailer)
        payload.append(UInt8(ascii: "}"))
        var record = Array(#"{"url":"https:\/\/h.example\/big","status":200,"headers":{},"body":"#.utf8)
        payload.withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &record) }
        record.append(contentsOf: Array("}\n".utf8))
        return record
    }

    /// Does the JSON text hold a `\uD800`…`\uDFFF` escape?
    static func hasSurrogateEscape(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0..<(bytes.count - 3) where bytes[index] == 0x5C && bytes[index + 1] == UInt8(ascii: "u")
            && (bytes[index + 2] | 0x20) == UInt8(ascii: "d") && [UInt8]("89abAB".utf8).contains(bytes[index + 3]) {
            return true
        }
        return false
    }

    mutating func payloadItemBytes(_ members: [Member]) -> [UInt8] {
        spaced = false
        escapePercent = 5
        var out: [UInt8] = []
        write(.object(members), to: &out)
        return out
    }
}
