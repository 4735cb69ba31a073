import XCTest
import FeedTestSupport
import Foundation
@testable import FeedFastPath
@testable import FeedCore

// MARK: - JSON text, written with random choices

enum DifferentialText {
    static let whitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]

    /// Appends `scalars` as a JSON string literal. Each scalar is written raw
    /// (UTF-8) or, `escapePercent` of the time, as an escape (a slash
    /// `slashEscapePercent` of the time; the first always if `escapeFirst`); a
    /// quote, a backslash and control characters are always escaped, in one of their forms.
    static func appendString(_ scalars: [UInt32], to out: inout [UInt8], escapePercent: Int, slashEscapePercent: Int = 50,
                             escapeFirst: Bool = false, rng: inout SplitMix64) {
        out.append(0x22)
        for (offset, scalar) in scalars.enumerated() {
            if offset == 0 && escapeFirst {
                out.append(contentsOf: unicodeEscape(scalar, &rng))
                continue
            }
            switch scalar {
            case 0x22:
                out.append(contentsOf: rng.chance(80) ? Array(#"\""#.utf8) : unicodeEscape(scalar, &rng))
            case 0x5C:
                out.append(contentsOf: rng.chance(80) ? Array(#"\\"#.utf8) : unicodeEscape(scalar, &rng))
            case 0x2F:
                if rng.chance(slashEscapePercent) {
                    out.append(contentsOf: rng.chance(50) ? Array(#"\/"#.utf8) : unicodeEscape(scalar, &rng))
                } else {
                    out.append(0x2F)
                }
            case 0..<0x20:
                let short: [UInt32: UInt8] = [0x08: 0x62, 0x0C: 0x66, 0x0A: 0x6E, 0x0D: 0x72, 0x09: 0x74]
                if let letter = short[scalar], rng.chance(70) {
                    out.append(0x5C)
                    out.append(letter)
                } else {
                    out.append(contentsOf: unicodeEscape(scalar, &rng))
                }
            default:
                if rng.chance(escapePercent) {
                    out.append(contentsOf: unicodeEscape(scalar, &rng))
                } else {
                    out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                }
            }
        }
        out.append(0x22)
    }

    /// `\uXXXX` (a surrogate pair beyond the BMP), hex digits in either case.
    static func unicodeEscape(_ scalar: UInt32, _ rng: inout SplitMix64) -> [UInt8] {
        let upper = rng.chance(50)
        func unit(_ value: UInt32) -> [UInt8] {
            let digits = Array((upper ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
            return [0x5C, 0x75] + [12, 8, 4, 0].map { digits[Int(value >> $0 & 0xF)] }
        }
        if scalar < 0x10000 { return unit(scalar) }
        let value = scalar - 0x10000
        return unit(0xD800 + (value >> 10)) + unit(0xDC00 + (value & 0x3FF))
    }

    /// A random Unicode scalar: mostly printable ASCII, with control
    /// characters, quotes, backslashes, slashes, DEL and every UTF-8 length.
    static func randomScalar(_ rng: inout SplitMix64) -> UInt32 {
        switch rng.below(100) {
        case 0..<45: return 0x20 + UInt32(rng.below(0x5F))
        case 45..<52: return UInt32(rng.below(0x20))
        case 52..<57: return rng.pick([0x22, 0x5C, 0x2F])
        case 57..<58: return 0x7F
        case 58..<72: return 0x80 + UInt32(rng.below(0x800 - 0x80))
        case 72..<86:
            var scalar = 0x800 + UInt32(rng.below(0x10000 - 0x800 - 0x800))
            if scalar >= 0xD800 { scalar += 0x800 }
            return scalar
        default: return 0x10000 + UInt32(rng.below(0x100000))
        }
    }

    static func randomScalars(_ rng: inout SplitMix64, count: Int) -> [UInt32] {
        (0..<count).map { _ in randomScalar(&rng) }
    }

    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
}

/// Random JSON documents (valid RFC 8259 text, away from Foundation's corners),
/// and mutations of them.
struct DifferentialJSONGenerator {
    var rng: SplitMix64
    /// How deep a bushy value may nest (a deep chain adds to it).
    var bushyDepth = 6

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// Object keys: none of them canonically equivalent to another (Swift's
    /// String, and so Foundation's dictionaries, compare keys that way).
    static let keyPool: [String] = ["a", "b", "c", "id", "items", "url", "name", "x y", "é", "中文", "😀", "",
                                     "\"q\"", "back\\slash", "a/b", "tab\t", "nul\u{0}", "Ω≈ç", "\u{7F}", "key-\u{10FFFF}"]

    mutating func document(small: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        bushyDepth = small ? 3 : 6
        whitespace(&out)
        if rng.chance(small ? 2 : 6) {
            deepChain(&out, levels: 20 + rng.below(31))
        } else {
            value(&out, depth: 0)
        }
        whitespace(&out)
        return out
    }

    mutating func whitespace(_ out: inout [UInt8]) {
        guard rng.chance(30) else { return }
        for _ in 0...rng.below(3) { out.append(rng.pick(DifferentialText.whitespace)) }
    }

    mutating func value(_ out: inout [UInt8], depth: Int) {
        let containerPercent = depth >= bushyDepth ? 0 : (depth == 0 ? 75 : 30)
        if rng.chance(containerPercent) {
            if rng.chance(50) { array(&out, depth: depth + 1) } else { object(&out, depth: depth + 1) }
        } else {
            scalar(&out)
        }
    }

    mutating func scalar(_ out: inout [UInt8]) {
        switch rng.below(10) {
        case 0..<4: string(&out)
        case 4..<7: out.append(contentsOf: number().utf8)
        case 7: out.append(contentsOf: "true".utf8)
        case 8: out.append(contentsOf: "false".utf8)
        default: out.append(contentsOf: "null".utf8)
        }
    }

    mutating func string(_ out: inout [UInt8]) {
        let scalars = DifferentialText.randomScalars(&rng, count: rng.below(12))
        DifferentialText.appendString(scalars, to: &out, escapePercent: 15, rng: &rng)
    }

    /// Numbers in ordinary ranges: up to 16 significant digits and a two-digit
    /// exponent, at most 17 characters (Foundation reads longer ones inexactly).
    mutating func number() -> String {
        while true {
            let text = anyNumber()
            if text.utf8.count < FoundationCorner.longNumberLength { return text }
        }
    }

    private mutating func anyNumber() -> String {
        var text = rng.chance(30) ? "-" : ""
        var digits = 0
        if rng.chance(20) {
            text += "0"
        } else {
            text += String(1 + rng.below(9))
            digits = 1 + rng.below(rng.chance(70) ? 4 : 15)
            for _ in 1..<digits { text += String(rng.below(10)) }
        }
        if rng.chance(30) {
            text += "."
            for _ in 0..<(1 + rng.below(min(6, 16 - digits))) { text += String(rng.below(10)) }
        }
        if rng.chance(20) {
            text += rng.pick(["e", "E"]) + rng.pick(["", "+", "-"])
            for _ in 0...rng.below(2) { text += String(rng.below(10)) }
        }
        return text
    }

    mutating func array(_ out: inout [UInt8], depth: Int) {
        out.append(UInt8(ascii: "["))
        whitespace(&out)
        let count = rng.below(6)
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")); whitespace(&out) }
            value(&out, depth: depth)
            whitespace(&out)
        }
        out.append(UInt8(ascii: "]"))
    }

    mutating func object(_ out: inout [UInt8], depth: Int) {
        out.append(UInt8(ascii: "{"))
        whitespace(&out)
        let count = rng.below(6)
        var used: [String] = []
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")); whitespace(&out) }
            // Sometimes a key again (perhaps spelled with other escapes): the last value wins.
            let key = !used.isEmpty && rng.chance(20) ? rng.pick(used) : rng.pick(Self.keyPool)
            used.append(key)
            DifferentialText.appendString(DifferentialText.scalars(key), to: &out, escapePercent: 20, rng: &rng)
            whitespace(&out)
            out.append(UInt8(ascii: ":"))
            whitespace(&out)
            value(&out, depth: depth)
            whitespace(&out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Arrays and objects nested `levels` deep around a small value.
    mutating func deepChain(_ out: inout [UInt8], levels: Int) {
        var closers: [UInt8] = []
        for _ in 0..<levels {
            if rng.chance(50) {
                out.append(UInt8(ascii: "["))
                closers.append(UInt8(ascii: "]"))
            } else {
                out.append(UInt8(ascii: "{"))
                DifferentialText.appendString(DifferentialText.scalars(rng.pick(Self.keyPool)), to: &out, escapePercent: 10, rng: &rng)
                out.append(UInt8(ascii: ":"))
                closers.append(UInt8(ascii: "}"))
            }
            whitespace(&out)
        }
        bushyDepth = 2
        value(&out, depth: 0)
        for closer in closers.reversed() {
            whitespace(&out)
            out.append(closer)
        }
    }

    // MARK: Mutations

    static let inserts: [UInt8] = Array("{}[],:\"\\\\\"".utf8) + [0x00, 0xFF, 0x80, 0xC3, 0xED, 0xF4, 0x20, 0x0A, 0x0B, 0x01, 0x1F, 0x7F, 0x09]
        + Array("-0e.+tfnu1".utf8)

    /// One to three byte flips, deletions, insertions of structural characters,
    /// quotes, backslashes or 0x00/0xFF/0x80 bytes, duplications, or a truncation.
    mutating func mutate(_ document: [UInt8]) -> [UInt8] {
        var bytes = document
        for _ in 0...rng.below(3) {
            let position = rng.below(bytes.count + 1)
            switch rng.below(12) {
            case 0, 1: // flip a byte: one bit, or any value
                guard position < bytes.count else { continue }
                bytes[position] = rng.chance(50) ? bytes[position] ^ (1 << UInt8(rng.below(8))) : rng.byte()
            case 2, 3: // delete a few bytes
                guard position < bytes.count else { continue }
                bytes.removeSubrange(position..<min(bytes.count, position + 1 + rng.below(3)))
            case 4, 5, 6: // insert a structural character, quote, backslash or odd byte
                bytes.insert(rng.pick(Self.inserts), at: position)
            case 7: // replace a byte with one of those
                guard position < bytes.count else { continue }
                bytes[position] = rng.pick(Self.inserts)
            case 8: // truncate
                bytes.removeSubrange(position...)
            case 9: // duplicate a slice
                guard position < bytes.count else { continue }
                let end = min(bytes.count, position + 1 + rng.below(8))
                bytes.insert(contentsOf: bytes[position..<end], at: end)
            case 10: // swap two bytes
                guard !bytes.isEmpty else { continue }
                bytes.swapAt(rng.below(bytes.count), rng.below(bytes.count))
            default: // break an escape: a backslash before a random byte
                bytes.insert(contentsOf: [0x5C, rng.pick(Array("u\"\\/bfnrtxU0'".utf8))], at: position)
            }
        }
        return bytes
    }
}
