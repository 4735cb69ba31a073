import XCTest
import FeedTestSupport
import Foundation
import FeedCore
@testable import FeedFastPath

extension FeedRecordGenerator {

    // MARK: Mutated records

    /// A record with one mutation, and what it was.
    mutating func mutatedRecord() -> (record: [UInt8], mutation: String) {
        var payload = payload()
        let mutation: String
        switch rng.below(100) {
        case 0..<35:
            mutation = mutateItem(&payload)
        case 35..<50:
            mutation = mutatePayload(&payload)
        case 50..<58:
            var bytes = payloadBytes(payload)
            bytes = values.mutate(bytes)
            var record = record(payload: bytes)
            if rng.chance(20) { record = record.filter { $0.name != "headers" } }
            return (write(record), "payload bytes")
        case 58..<62:
            // A payload that is not an object, or not one value.
            let body = rng.pick(["", " ", "[]", "\"items\"", "1", "null", "{\"items\":[]} x", "{\"items\":[]}{}",
                                 "{\"items\":[]}]", "{\"items\":[]} \n", "{\"items\":[],}", "{\"items\":[,]}"])
            return (write(record(payload: Array(body.utf8))), "body \(body)")
        default:
            var record = record(payload: payloadBytes(payload))
            mutation = mutateRecord(&record)
            if mutation == "bytes" {
                return (values.mutate(write(record)), "record bytes")
            }
            return (write(record), mutation)
        }
        return (write(record(payload: payloadBytes(payload))), mutation)
    }

    /// A payload with one mutation (of an item, of the payload, or of its
    /// bytes), and what it was.
    mutating func mutatedPayloadBytes() -> (payload: [UInt8], mutation: String) {
        var payload = payload()
        switch rng.below(10) {
        case 0..<5: let mutation = mutateItem(&payload); return (payloadBytes(payload), mutation)
        case 5..<8: let mutation = mutatePayload(&payload); return (payloadBytes(payload), mutation)
        default: return (values.mutate(payloadBytes(payload)), "payload bytes")
        }
    }

    /// A response record as feed-fetch writes it (`JSONWriter`: url, status,
    /// headers, then the body, no white space, only the escapes it needs).
    /// With `escapingSlashes`, every `/` in the body is written `\/`, as some
    /// JSON writers do.
    static func fetchedRecord(payload: [UInt8], url: String = "https://h.example/v1/feed", escapingSlashes: Bool = false) -> [UInt8] {
        var record = Array("{\"url\":".utf8)
        JSONWriter.appendString(url, to: &record)
        record.append(contentsOf: Array(",\"status\":200,\"headers\":{\"content-type\":\"application/json\"},\"body\":".utf8))
        if let text = String(validating: payload, as: UTF8.self) {
            var body: [UInt8] = []
            JSONWriter.appendString(text, to: &body)
            record.append(contentsOf: escapingSlashes ? body.flatMap { $0 == UInt8(ascii: "/") ? [0x5C, $0] : [$0] } : body)
        } else {
            record.append(contentsOf: Array("\"\"".utf8)) // not UTF-8: feed-fetch would write body_base64
        }
        record.append(UInt8(ascii: "}"))
        return record
    }

    mutating func mutateItem(_ payload: inout [Member]) -> String {
        guard let itemsIndex = payload.firstIndex(where: { $0.name == "items" }),
              case .array(var items) = payload[itemsIndex].value else { return "none" }
        if items.isEmpty { items.append(.object(item())) }
        let at = rng.below(items.count)
        guard case .object(var members) = items[at] else { return "none" }
        let fields = schema == .images ? ["id", "description", "location", "image"] : ["id", "author", "description", "likes", "image"]
        let field = rng.pick(fields)
        let index = members.firstIndex { $0.name == field }
        var mutation = "item \(field): "
        switch rng.below(9) {
        case 0: // a value of another type
            let value = rng.pick([Fragment.text("1"), .text("true"), .text("[]"), .text("{}"), .text("null"), .text("1.5"),
                                  .string(text()), .text("-0"), .text("[\"a\"]")])
            if let index { members[index].value = value } else { members.append(Member(field, value)) }
            mutation += "another type"
        case 1: // missing
            members.removeAll { $0.name == field }
            mutation += "missing"
        case 2: // not a UUID
            let id = uuidText()
            let bad = rng.pick([String(id.dropLast()), id + "0", "g" + id.dropFirst(), "{\(id)}", id.replacingOccurrences(of: "-", with: ""),
                                String(id.prefix(8)) + String(id.dropFirst(9)) + "-", " " + id.dropFirst(), "", "０" + id.dropFirst(),
                                id.replacingOccurrences(of: "-", with: "_"), id.uppercased(), id.lowercased()])
            upsert(&members, "id", .string(DifferentialText.scalars(bad)))
            mutation = "item id: \(bad)"
        case 3: // not an absolute URL
            let bad = rng.pick(["/x", "x.png", "//h/x", "https:/x", "https://", "https:///x", "https://?q", "https://#f", "1http://h",
                                "ht tp://h", "https://h/a b", "https://h/\t", "", ":///x", "-a://h", "https//h", "https:\\\\h",
                                "https://h\u{7F}", "h://x", "a://b", "é://h"])
            upsert(&members, "image", .string(DifferentialText.scalars(bad)))
            mutation = "item image: \(bad)"
        case 4: // likes out of range or not an integer
            let bad = rng.pick(["1.0", "1e2", "9223372036854775808", "-9223372036854775809", "\"5\"", "01", "-", "1E0",
                                "99999999999999999999", "0.0", "-0.0", "true", "null"])
            upsert(&members, "likes", .text(bad))
            mutation = "item likes: \(bad)"
        case 5: // a key spelled with an escape
            guard !members.isEmpty else { return "none" }
            let key = rng.below(members.count)
            members[key].escapedKey = true
            mutation = "item escaped key \(members[key].name)"
        case 6: // a key twice: the last value wins
            guard let index else { return "none" }
            var copy = members[index]
            copy.value = rng.pick([Fragment.text("null"), .text("1"), .string(text()), .string(uuid()), .string(url())])
            if rng.chance(50) { members.insert(copy, at: index) } else { members.append(copy) }
            mutation += "twice"
        case 7: // the item is not an object
            items[at] = rng.pick([Fragment.text("1"), .text("null"), .string(text()), .array([]), .text("[{}]")])
            mutation = "item not an object"
        default: // an unknown key with a value no item has
            members.append(Member(rng.pick(["", "é", "id ", "ID", "image_url", "desc\u{0}"]), .raw(values.document(small: true))))
            mutation = "item unknown key"
        }
        if mutation != "item not an object" { items[at] = .object(members) }
        payload[itemsIndex].value = .array(items)
        return mutation
    }

    func upsert(_ members: inout [Member], _ key: String, _ value: Fragment) {
        if let index = members.firstIndex(where: { $0.name == key }) {
            members[index].value = value
        } else {
            members.append(Member(key, value))
        }
    }

    mutating func mutatePayload(_ payload: inout [Member]) -> String {
        switch rng.below(6) {
        case 0:
            let value = rng.pick([Fragment.text("{}"), .text("null"), .string(text()), .text("1"), .object([])])
            upsert(&payload, "items", value)
            return "items not an array"
        case 1:
            payload.removeAll { $0.name == "items" }
            return "no items"
        case 2:
            let other = Member("items", rng.chance(50) ? .array([.object(item())]) : .array([.text("1")]))
            if rng.chance(50) { payload.append(other) } else { payload.insert(other, at: 0) }
            return "items twice"
        case 3:
            guard let index = payload.firstIndex(where: { $0.name == "items" }) else { return "none" }
            payload[index].escapedKey = true
            return "items key escaped"
        case 4:
            payload.append(Member("deep", .raw(Array((String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).utf8))))
            return "deep extra value"
        default:
            payload.append(Member(rng.pick(["items ", "Items", ""]), .array([.text("1")])))
            return "near-miss key"
        }
    }

    mutating func mutateRecord(_ record: inout [Member]) -> String {
        switch rng.below(13) {
        case 0:
            let status = rng.pick(["201", "404", "199", "500", "99", "1000", "\"200\"", "200.0", "2e2", "-200", "null", "0200", "true", "204", "299"])
            upsert(&record, "status", .text(status))
            return "status \(status)"
        case 1:
            let key = rng.pick(["url", "status", "body", "headers"])
            record.removeAll { $0.name == key }
            return "no \(key)"
        case 2:
            let body = rng.pick(["null", "1", "[]", "{}", "true"])
            upsert(&record, "body", .text(body))
            return "body \(body)"
        case 3:
            guard let index = record.firstIndex(where: { $0.name == "body" }), case .bytes(let payload) = record[index].value else { return "none" }
            let encoded = Data(payload).base64EncodedString()
            if rng.chance(70) {
                record[index] = Member("body_base64", .string(DifferentialText.scalars(encoded)))
                return "body_base64"
            }
            record.append(Member("body_base64", .string(DifferentialText.scalars(encoded))))
            return "body and body_base64"
        case 4:
            let (key, value) = rng.pick([("error", Fragment.text(#"{"kind":"connectivity","message":"refused"}"#)),
                                         ("error", .text(#"{"kind":"nonsense"}"#)), ("error", .text("null")),
                                         ("x", .text("1")), ("items", .text("[]")), ("Body", .string([]))])
            record.insert(Member(key, value), at: rng.below(record.count + 1))
            return "extra key \(key)"
        case 5:
            let headers = rng.pick(["null", "[]", #"{"a":1}"#, #"{"a":null}"#, "\"str\"", #"{"A":"b","a":"c"}"#, "{}"])
            upsert(&record, "headers", .text(headers))
            return "headers \(headers)"
        case 6:
            let url = rng.pick([Fragment.text("1"), .text("null"), .string(DifferentialText.scalars("https://h/feed")),
                                .string(DifferentialText.scalars("https://h/é/\"q\"/\\"))])
            upsert(&record, "url", url)
            if let index = record.firstIndex(where: { $0.name == "url" }), rng.chance(50) { record[index].escapedKey = true }
            return "url"
        case 7: // a key twice: the last value wins
            let key = rng.pick(["status", "body", "url", "headers"])
            guard let index = record.firstIndex(where: { $0.name == key }) else { return "none" }
            let other: Fragment
            switch key {
            case "status": other = .text(rng.pick(["404", "200", "\"200\""]))
            case "body": other = rng.pick([.bytes(Array("{\"items\":[]}".utf8)), .bytes([0x01]), .bytes([0xFF]),
                                           .raw(Array(#""\ud800""#.utf8)), .raw(Array(#""\x""#.utf8)), .text("null")])
            case "url": other = .string(DifferentialText.scalars("https://other/é"))
            default: other = .text("{}")
            }
            let copy = Member(key, other)
            if rng.chance(50) { record.insert(copy, at: index) } else { record.insert(copy, at: index + 1) }
            return "\(key) twice"
        case 8: // a body string that is not valid JSON text
            guard let index = record.firstIndex(where: { $0.name == "body" }) else { return "none" }
            record[index].value = .raw(Array(rng.pick([#""\ud800""#, #""{\x}""#, #""{\u12""#, #""{\"items\":[]}"#, "\"\u{1}\"",
                                                        #""\uDC00{}""#, #""{\"items\":[]}\"#, "\"{\\\"items\\\":[]}\u{1F}\"",
                                                        "\"{\\\"items\\\":[]}\u{7F}\"", "\"{\\\"items\\\":[\u{9}]}\"",
                                                        "\"{\\\"items\\\":[]}\\u001F\""]).utf8))
            return "invalid body string"
        case 9: // not a response record
            let value = rng.pick(["[]", "\"record\"", "1", "null", "true", "{}"])
            record = [Member("", .text(value))]
            return "not an object: \(value)"
        case 10: // a bare payload document
            record = payload()
            return "bare payload"
        case 11: // an error record
            record = [Member("url", .string(DifferentialText.scalars("https://h/feed"))),
                      Member("error", .text(rng.pick([#"{"kind":"connectivity","message":"refused"}"#, #"{"kind":"not-found"}"#,
                                                       #"{"kind":"bogus"}"#, #"{"message":"m"}"#])))]
            return "error record"
        default:
            return "bytes"
        }
    }
}
