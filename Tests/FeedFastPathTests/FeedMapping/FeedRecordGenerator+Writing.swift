import XCTest
import FeedTestSupport
import Foundation
import FeedCore
@testable import FeedFastPath

extension FeedRecordGenerator {

    // MARK: Writing

    mutating func payloadBytes(_ members: [Member]) -> [UInt8] {
        spaced = rng.chance(25)
        escapePercent = rng.chance(30) ? 25 : 3
        var out: [UInt8] = []
        write(.object(members), to: &out)
        return out
    }

    mutating func write(_ members: [Member]) -> [UInt8] {
        // `record = [Member("", value)]` stands for a record that is not an object.
        if members.count == 1, members[0].name.isEmpty, case .raw(let value) = members[0].value { return value }
        spaced = rng.chance(20)
        escapePercent = rng.chance(20) ? 20 : 2
        var out: [UInt8] = []
        write(.object(members), to: &out)
        return out
    }

    mutating func space(_ out: inout [UInt8]) {
        guard spaced, rng.chance(50) else { return }
        for _ in 0...rng.below(2) { out.append(rng.pick(DifferentialText.whitespace)) }
    }

    mutating func write(_ fragment: Fragment, to out: inout [UInt8]) {
        switch fragment {
        case .raw(let bytes):
            out.append(contentsOf: bytes)
        case .string(let scalars):
            DifferentialText.appendString(scalars, to: &out, escapePercent: escapePercent, slashEscapePercent: 5, rng: &rng)
        case .bytes(let bytes):
            if let text = String(validating: bytes, as: UTF8.self) {
                DifferentialText.appendString(DifferentialText.scalars(text), to: &out, escapePercent: escapePercent,
                                              slashEscapePercent: 5, rng: &rng)
            } else {
                out.append(0x22)
                for byte in bytes {
                    switch byte {
                    case 0x22: out.append(contentsOf: #"\""#.utf8)
                    case 0x5C: out.append(contentsOf: #"\\"#.utf8)
                    case 0x0A: out.append(contentsOf: #"\n"#.utf8)
                    default: out.append(byte)
                    }
                }
                out.append(0x22)
            }
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            space(&out)
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")); space(&out) }
                write(element, to: &out)
                space(&out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            space(&out)
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")); space(&out) }
                DifferentialText.appendString(member.key, to: &out, escapePercent: 0, slashEscapePercent: 0,
                                              escapeFirst: member.escapedKey, rng: &rng)
                space(&out)
                out.append(UInt8(ascii: ":"))
                space(&out)
                write(member.value, to: &out)
                space(&out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
