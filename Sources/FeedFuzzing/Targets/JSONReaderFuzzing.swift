import FeedCore

/// The JSON reader on any bytes, read as a stream of values. Every value it
/// reads is written back (compact and pretty) and read again to the same
/// value, and the compact text is a fixed point; an error points inside the
/// input; a single value reads the same way through `parseSingle`; and the
/// plain runs of string bytes, found eight at a time, end where a byte-by-byte
/// search says.
enum JSONReaderFuzzing {
    static let name = "json-reader"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        try checkPlainRuns(input)
        var reader = JSONReader(input)
        var values: [JSON] = []
        do throws(JSONSyntaxError) {
            while let value = try reader.next() { values.append(value) }
        } catch {
            try expect.require((0...input.count).contains(error.offset), "error offset \(error.offset) outside 0...\(input.count)")
        }
        for value in values { try roundTrip(value) }
        let single = try? JSONReader.parseSingle(input)
        if let single {
            try expect.require(values == [single], "parseSingle read a value that next() did not read alone")
        }
    }

    /// `JSONStringBytes.plainRunEnd` from each of the first 256 offsets.
    private static func checkPlainRuns(_ input: [UInt8]) throws(FuzzFinding) {
        let mismatch = input.withUnsafeBufferPointer { buffer -> (start: Int, found: Int, expected: Int)? in
            for start in 0...min(input.count, 256) {
                let found = JSONStringBytes.plainRunEnd(in: buffer, from: start)
                let expected = input[start...].firstIndex(where: JSONStringBytes.isSpecial) ?? input.count
                if found != expected { return (start, found, expected) }
            }
            return nil
        }
        if let mismatch {
            throw expect.fail("plainRunEnd from \(mismatch.start) gave \(mismatch.found), not \(mismatch.expected)")
        }
    }

    private static func roundTrip(_ value: JSON) throws(FuzzFinding) {
        let compact = JSONWriter(style: .compact).line(value)
        try expect.require(!compact.dropLast().contains(0x0A), "a compact line holds a newline")
        let again = try reread(compact, "compact")
        try expect.require(again == value, "compact text read back to another value")
        try expect.require(JSONWriter(style: .compact).line(again) == compact, "compact text is not a fixed point")
        let pretty = try reread(JSONWriter(style: .pretty).line(value), "pretty")
        try expect.require(pretty == value, "pretty text read back to another value")
    }

    private static func reread(_ text: [UInt8], _ style: String) throws(FuzzFinding) -> JSON {
        do {
            return try JSONReader.parseSingle(text)
        } catch {
            throw expect.fail("\(style) text written by JSONWriter does not read back: \(error)")
        }
    }
}
