import XCTest
import FeedCore
import FeedTestSupport

/// The streaming record reader against the reference (`RecordReader` over
/// the whole input), differentially: whatever the input and however it is
/// cut into pieces, the same records and the same errors, in the same order.
final class StreamingRecordReaderTests: XCTestCase {
    private let chunkSizes = [1, 2, 3, 7, 64, 1 << 20]

    func test_theSameRecordsAndErrorsAsTheReference_howeverTheInputIsCut() {
        for input in corpus() {
            let expected = reference(input)
            for size in chunkSizes {
                XCTAssertEqual(streamed(input, chunkSize: size), expected, "\(size)-byte pieces of \(String(decoding: input.prefix(120), as: UTF8.self))")
            }
        }
    }

    func test_seededMutationsOfValidRecords_giveTheSameAsTheReference() {
        var generator = SplitMix64(seed: 0x57_2EA3)
        let seed = Array(valid.joined(separator: "\n").utf8)
        for _ in 0..<400 {
            var input = seed
            for _ in 0...generator.below(4) {
                let at = generator.below(input.count)
                switch generator.below(3) {
                case 0: input[at] = UInt8(truncatingIfNeeded: generator.next())
                case 1: input.remove(at: at)
                default: input.insert(Array("{}[]\"\\ \n,:".utf8)[generator.below(10)], at: at)
                }
            }
            let size = generator.below(40) + 1
            XCTAssertEqual(streamed(input, chunkSize: size), reference(input), "\(size)-byte pieces of \(String(decoding: input, as: UTF8.self))")
        }
    }

    func test_aLargeRecordInSmallPieces_isReadWhole() {
        let body = [UInt8]((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let record = ResponseRecord(url: "https://h/large", status: 200, body: body)
        let input = JSONWriter().line(record.json) + JSONWriter().line(record.json)

        XCTAssertEqual(streamed(input, chunkSize: 65_536), [.success(.response(record)), .success(.response(record))])
    }

    // MARK: Helpers

    private let valid = [
        #"{"url":"https://h/a","status":200,"headers":{"x":"[{"},"body":"a \"quoted\" \\ body ]}"}"#,
        #"{"url":"https://h/b","error":{"kind":"connectivity","message":"reset"}}"#,
        #"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","url":"https://h/i"}]}"#,
        #"{"url":"https://h/c","status":404,"headers":{},"body_base64":"/wEC"}"#,
    ]

    private func corpus() -> [[UInt8]] {
        let records = valid.joined(separator: "\n")
        let spaced: String = " \r\n\t" + valid.joined(separator: "  \t\r\n ") + " \n"
        let pretty: String = "{\n  \"url\" : \"https://h/p\",\n  \"status\" : 200,\n  \"body\" : \"\"\n}\n" + valid[0]
        let cut: String = valid[0] + "\n" + valid[1].dropLast(3)
        let deep: String = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        var texts: [String] = [
            "", " ", "\n\n", records, records + "\n", spaced, pretty,
            "1 2", "1", "\"a\"", "\"a\"1", "[1]2", "truex", "true false null", "12abc", "1{}", "-", "}", "]", "{]", "[}", "}{}",
            "[1,2", "{\"a\":", "{\"a\":\"\\\"}", "\"\\\\\" ", "{\"a\":\"\\\\\"}", "{} {}", "{}{}", "[][]", "{\"a\":[{}]}x",
            valid[0] + "\n{oops\n" + valid[1], cut, valid[1] + "\u{0}", "\u{0}", deep, String(repeating: "[", count: 2_000),
            String(repeating: "{\"items\":5}\n", count: 50),
        ]
        texts.append(valid[0].replacingOccurrences(of: "a \\\"quoted", with: "a \\u00e9 \\ud83d\\ude00"))
        var inputs = texts.map { Array($0.utf8) }
        inputs.append([0xEF, 0xBB, 0xBF] + Array(valid[0].utf8))
        inputs.append(Array(valid[0].utf8.prefix(40)) + [0xFF, 0xC0, 0xAF] + Array(valid[0].utf8.dropFirst(40)))
        var generator = SplitMix64(seed: 0xB17E5)
        for count in [1, 16, 300] {
            inputs.append((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        }
        return inputs
    }

    private func reference(_ input: [UInt8]) -> [Result<Record, ToolError>] {
        var reader = RecordReader(input)
        var results: [Result<Record, ToolError>] = []
        while let next = reader.next() { results.append(next) }
        return results
    }

    private func streamed(_ input: [UInt8], chunkSize: Int) -> [Result<Record, ToolError>] {
        var reader = StreamingRecordReader()
        var results: [Result<Record, ToolError>] = []
        var offset = 0
        var atEnd = false
        while true {
            while let next = reader.next(atEnd: atEnd) { results.append(next) }
            if atEnd { return results }
            let count = reader.fill { buffer in
                let count = min(chunkSize, buffer.count, input.count - offset)
                input.withUnsafeBytes { bytes in buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])) }
                return count
            }
            offset += count
            atEnd = count == 0
        }
    }
}
