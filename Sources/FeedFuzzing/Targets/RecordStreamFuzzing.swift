import FeedCore

/// The streaming record reader against the whole-input one: the input cut
/// into pieces of sizes drawn from its own bytes, as a pipe hands them over,
/// gives the same records and the same errors (offsets included) as the
/// whole input read at once.
enum RecordStreamFuzzing {
    static let name = "record-stream"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        var whole = RecordReader(input)
        var expected: [Result<Record, ToolError>] = []
        while let next = whole.next() { expected.append(next) }

        var pieces = PieceSizes(input)
        var stream = StreamingRecordReader()
        var read: [Result<Record, ToolError>] = []
        var position = 0
        while true {
            let limit = pieces.next()
            let count = stream.fill { (buffer: UnsafeMutableRawBufferPointer) -> Int in
                let count = min(buffer.count, limit, input.count - position)
                input.withUnsafeBytes { bytes in
                    buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)]))
                }
                position += count
                return count
            }
            while let next = stream.next(atEnd: count == 0) { read.append(next) }
            if count == 0 { break }
        }
        try expect.require(read.count == expected.count, "\(read.count) results in pieces, \(expected.count) at once")
        for (offset, (piecewise, once)) in zip(read, expected).enumerated() {
            try expect.require(piecewise == once, "result \(offset) in pieces: \(piecewise); at once: \(once)")
        }
    }

    /// Piece sizes from 1 to 64 bytes, now and then 4 KiB, drawn from a
    /// generator seeded by the input, so one input always gives one cut.
    struct PieceSizes {
        private var state: UInt64

        init(_ input: [UInt8]) {
            state = input.reduce(0xcbf29ce484222325) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
        }

        mutating func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let draw = Int(truncatingIfNeeded: state >> 33)
            return draw % 16 == 0 ? 4096 : 1 + draw % 64
        }
    }
}
