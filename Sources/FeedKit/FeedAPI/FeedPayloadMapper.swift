#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// What the payload mapper reads with: `JSONScanner` over plain JSON text, or
/// `EscapedJSONScanner` over JSON text held escaped in a record's body. Both
/// check the same grammar and return nil / false on anything they do not take.
protocol PayloadScanning: JSONTokenScanning {
    init(_ base: UnsafeMutablePointer<UInt8>, from index: Int, to end: Int, maxDepth: Int)
    /// A string's value, escapes decoded, into `out`.
    func decode(_ span: JSONSpan, into out: inout [UInt8])
    /// After the payload value: checks that the payload ends there.
    mutating func finishPayload() -> Bool
    /// How a comma then an object's start stand in the text: `,{"` or `,{\"`.
    static var itemBoundary: StaticString { get }
}

extension JSONScanner: PayloadScanning {
    static var itemBoundary: StaticString { ",{\"" }

    func decode(_ span: JSONSpan, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: UnsafeBufferPointer(start: base + span.start, count: span.count))
        guard span.escaped else { return }
        let end = out.withUnsafeMutableBufferPointer { copy in
            JSONScanner(copy).unescapeInPlace(JSONSpan(start: 0, end: copy.count, escaped: true))
        }
        out.removeSubrange(end...)
    }

    /// The payload is the whole range: only white space may follow.
    mutating func finishPayload() -> Bool {
        skipWhitespace()
        return atEnd
    }
}

extension EscapedJSONScanner: PayloadScanning {
    static var itemBoundary: StaticString { ",{\\\"" }
}

/// Maps a feed payload (`{"items":[…]}`, other keys skipped, every item
/// valid for the schema) to the compact feed document as it scans, item by
/// item, into an output buffer: no tree, no table, each item written while
/// its bytes are still in cache. A large payload is shared by two threads,
/// split at an item boundary near its middle.
enum FeedPayloadMapper {
    /// The document, in one or two pieces, and where the payload ended.
    struct Mapped {
        var first: FeedOutput
        var second: FeedOutput?
        /// Just past the payload (for a record's body, past its closing quote).
        var end: Int

        func write(_ write: (UnsafeRawBufferPointer) -> Void) {
            write(first.bytes)
            if let second { write(second.bytes) }
            write(UnsafeRawBufferPointer(start: FeedPayloadMapper.closing.utf8Start, count: FeedPayloadMapper.closing.utf8CodeUnitCount))
        }
    }

    static let closing: StaticString = "]}\n"

    /// Payloads this large are split between two threads.
    static let splitThreshold = 1 << 22

    /// Maps the payload that starts at `range.lowerBound` (and ends by
    /// `range.upperBound`); nil if it is not one the fast path takes.
    static func map<Scanner: PayloadScanning>(_: Scanner.Type, base: UnsafeMutablePointer<UInt8>, _ range: Range<Int>,
                                              schema: FeedSchema, arena: FeedOutputArena, releasesInput: Bool) -> Mapped? {
        // The document is never longer than the text it comes from (see FeedOutput), so each
        // thread writes it at the same offset as its share of the text, into one buffer.
        guard let buffer = arena.buffer(capacity: range.count) else { return nil }
        let split = range.count >= splitThreshold ? findSplit(base, in: range, boundary: Scanner.itemBoundary) : nil
        let tail = TailScan<Scanner>(base: base, buffer: buffer, range: range, schema: schema, releasesInput: releasesInput)
        let tailDone = DispatchGroup()
        if let split {
            DispatchQueue.global().async(group: tailDone) { tail.run(from: split) }
        }
        var scanner = Scanner(base, from: range.lowerBound, to: range.upperBound, maxDepth: JSONReader.defaultMaxDepth)
        var first = FeedOutput(base: buffer, capacity: (split ?? range.upperBound) - range.lowerBound)
        var release = InputRelease(base: base, from: range.lowerBound, enabled: releasesInput)
        var scan = scanPayload(&scanner, schema: schema, into: &first, split: split, release: &release)
        // Ended before the split (the split was past the payload, in a later
        // record, say): the second thread's work is wasted, so it stops.
        if scan != .reachedSplit { tail.abandoned.raise() }
        tailDone.wait()
        if scan == .overflowed && split != nil {
            // It went past the split (not a boundary between two items): once more, alone.
            scanner = Scanner(base, from: range.lowerBound, to: range.upperBound, maxDepth: JSONReader.defaultMaxDepth)
            first = FeedOutput(base: buffer, capacity: range.count)
            scan = scanPayload(&scanner, schema: schema, into: &first, split: nil, release: &release)
        }
        switch scan {
        case .complete:
            return Mapped(first: first, second: nil, end: scanner.index)
        case .reachedSplit:
            guard let end = tail.end, let second = tail.output else { return nil }
            return Mapped(first: first, second: second, end: end)
        case .failed, .overflowed:
            return nil
        }
    }

    private enum PayloadScan { case complete, reachedSplit, failed, overflowed }
    private enum ItemRun { case closed, reachedSplit, failed }

    /// A flag one thread raises and another checks now and then.
    final class StopSignal: Sendable {
        private let raised = Atomic<Bool>(false)

        func raise() { raised.store(true, ordering: .relaxed) }

        var isRaised: Bool { raised.load(ordering: .relaxed) }
    }

    /// The second thread's share, from the split to the payload's end, into
    /// its own part of the buffer; the first thread waits for it.
    private final class TailScan<Scanner: PayloadScanning>: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let buffer: UnsafeMutablePointer<UInt8>
        let range: Range<Int>
        let schema: FeedSchema
        let releasesInput: Bool
        /// Raised by the first thread when the tail is not wanted after all.
        let abandoned = StopSignal()
        /// Set only if the tail is valid.
        var end: Int?
        var output: FeedOutput?

        init(base: UnsafeMutablePointer<UInt8>, buffer: UnsafeMutablePointer<UInt8>, range: Range<Int>, schema: FeedSchema,
             releasesInput: Bool) {
            self.base = base
            self.buffer = buffer
            self.range = range
            self.schema = schema
            self.releasesInput = releasesInput
        }

        func run(from split: Int) {
            let offset = split - range.lowerBound
            var output = FeedOutput(base: buffer + offset, capacity: range.count - offset)
            var scanner = Scanner(base, from: split, to: range.upperBound, maxDepth: JSONReader.defaultMaxDepth)
            var release = InputRelease(base: base, from: split, enabled: releasesInput)
            guard FeedPayloadMapper.scanTail(&scanner, schema: schema, into: &output, release: &release,
                                             abandoned: abandoned) else { return }
            self.output = output
            self.end = scanner.index
        }
    }

    /// `{"items":[…]}` (other keys skipped), every item valid for `schema`.
    /// With `split`, stops when the items array reaches it (a comma between
    /// two items), leaving the rest to `scanTail`.
    private static func scanPayload<Scanner: PayloadScanning>(_ scanner: inout Scanner, schema: FeedSchema, into out: inout FeedOutput,
                                                              split: Int?, release: inout InputRelease) -> PayloadScan {
        guard scanner.consume(0x7B) else { return .failed }
        var sawItems = false
        if !scanner.consume(0x7D) {
            repeat {
                guard let key = scanner.string(), scanner.consume(0x3A) else { return .failed }
                if scanner.span(key, is: "items") {
                    // A later "items" replaces an earlier one, as in the reference.
                    out.removeAll()
                    out.append("{\"items\":[")
                    guard scanner.consume(0x5B) else { return .failed }
                    if !scanner.consume(0x5D) {
                        switch scanItemRun(&scanner, schema: schema, into: &out, first: true, split: split, release: &release) {
                        case .failed: return out.overflowed ? .overflowed : .failed
                        case .reachedSplit: return .reachedSplit
                        case .closed: break
                        }
                    }
                    sawItems = true
                } else {
                    guard !key.escaped, scanner.skipValue(depth: 1) else { return .failed }
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return .failed }
        }
        return sawItems && scanner.finishPayload() ? .complete : .failed
    }

    /// From `split` (the comma before an item) to the end of the payload:
    /// the remaining items, the array's end, any other keys, the object's end.
    private static func scanTail<Scanner: PayloadScanning>(_ scanner: inout Scanner, schema: FeedSchema, into out: inout FeedOutput,
                                                           release: inout InputRelease, abandoned: StopSignal) -> Bool {
        guard scanner.consume(0x2C),
              scanItemRun(&scanner, schema: schema, into: &out, first: false, split: nil, release: &release,
                          abandoned: abandoned) == .closed else {
            return false
        }
        while scanner.consume(0x2C) {
            // A second "items" would replace the first: too rare to split for.
            guard let key = scanner.string(), !key.escaped, !scanner.span(key, is: "items"),
                  scanner.consume(0x3A), scanner.skipValue(depth: 1) else { return false }
        }
        return scanner.consume(0x7D) && scanner.finishPayload()
    }

    /// Items separated by commas, then `]`; or up to `split`. Each item is
    /// written as soon as it is known to be valid.
    private static func scanItemRun<Scanner: PayloadScanning>(_ scanner: inout Scanner, schema: FeedSchema, into out: inout FeedOutput,
                                                              first: Bool, split: Int?, release: inout InputRelease,
                                                              abandoned: StopSignal? = nil) -> ItemRun {
        var scratch: [UInt8] = [], encoded: [UInt8] = []
        var isFirst = first
        repeat {
            if let abandoned, abandoned.isRaised { return .failed }
            guard let item = scanItem(&scanner, schema: schema, scratch: &scratch) else { return .failed }
            if !isFirst { out.append(0x2C) }
            isFirst = false
            write(item, from: scanner, schema: schema, into: &out, scratch: &scratch, encoded: &encoded)
            guard !out.overflowed else { return .failed }
            release.advance(to: scanner.index)
            if let split, scanner.index == split { return .reachedSplit }
        } while scanner.consume(0x2C)
        return scanner.consume(0x5D) ? .closed : .failed
    }

    /// The spans of one item's fields.
    struct ItemSpans {
        var id: JSONSpan?
        /// description
        var first: JSONSpan?
        /// location (images) or author (spots)
        var second: JSONSpan?
        var url: JSONSpan?
        var likes: JSONSpan?
    }

    /// One item object, checked (UUID id, absolute URL, the schema's required keys).
    private static func scanItem<Scanner: PayloadScanning>(_ scanner: inout Scanner, schema: FeedSchema,
                                                           scratch: inout [UInt8]) -> ItemSpans? {
        guard scanner.consume(0x7B) else { return nil }
        var item = ItemSpans()
        if !scanner.consume(0x7D) {
            repeat {
                guard let key = scanner.string(), !key.escaped, scanner.consume(0x3A) else { return nil }
                switch schema {
                case .images:
                    if scanner.span(key, is: "id") {
                        guard let span = scanner.string() else { return nil }
                        item.id = span
                    } else if scanner.span(key, is: "description") {
                        guard optionalString(&scanner, into: &item.first) else { return nil }
                    } else if scanner.span(key, is: "location") {
                        guard optionalString(&scanner, into: &item.second) else { return nil }
                    } else if scanner.span(key, is: "image") {
                        guard let span = scanner.string() else { return nil }
                        item.url = span
                    } else {
                        guard scanner.skipValue(depth: 3) else { return nil }
                    }
                case .spots:
                    if scanner.span(key, is: "id") {
                        guard let span = scanner.string() else { return nil }
                        item.id = span
                    } else if scanner.span(key, is: "author") {
                        guard let span = scanner.string() else { return nil }
                        item.second = span
                    } else if scanner.span(key, is: "description") {
                        guard optionalString(&scanner, into: &item.first) else { return nil }
                    } else if scanner.span(key, is: "likes") {
                        guard let span = scanner.number(), scanner.integer(span) != nil else { return nil }
                        item.likes = span
                    } else if scanner.span(key, is: "image") {
                        guard let span = scanner.string() else { return nil }
                        item.url = span
                    } else {
                        guard scanner.skipValue(depth: 3) else { return nil }
                    }
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return nil }
        }
        guard let id = item.id, let url = item.url else { return nil }
        if schema == .spots, item.second == nil || item.likes == nil { return nil }
        guard check(id, scanner, &scratch, Identifiers.isUUID), check(url, scanner, &scratch, Identifiers.isAbsoluteURL) else {
            return nil
        }
        return item
    }

    /// Writes one item as `JSONWriter` writes the reference document's: id
    /// (upper case), description, location, url; or id, author, description,
    /// likes, url.
    private static func write<Scanner: PayloadScanning>(_ item: ItemSpans, from scanner: Scanner, schema: FeedSchema,
                                                        into out: inout FeedOutput, scratch: inout [UInt8], encoded: inout [UInt8]) {
        func appendString(_ span: JSONSpan) {
            if !span.escaped {
                // No escape: the bytes are the value, and nothing in them needs escaping.
                out.append(0x22)
                out.append(scanner.base + span.start, span.count)
                out.append(0x22)
            } else {
                scanner.decode(span, into: &scratch)
                encoded.removeAll(keepingCapacity: true)
                scratch.withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &encoded) }
                out.append(encoded)
            }
        }
        out.append("{\"id\":\"")
        if let id = item.id {
            let start = out.count
            if id.escaped {
                scanner.decode(id, into: &scratch)
                out.append(scratch)
            } else {
                out.append(scanner.base + id.start, id.count)
            }
            out.uppercaseUUID(at: start)
        }
        out.append(0x22)
        switch schema {
        case .images:
            if let description = item.first { out.append(",\"description\":"); appendString(description) }
            if let location = item.second { out.append(",\"location\":"); appendString(location) }
        case .spots:
            if let author = item.second { out.append(",\"author\":"); appendString(author) }
            if let description = item.first { out.append(",\"description\":"); appendString(description) }
            if let likes = item.likes, let value = scanner.integer(likes) {
                out.append(",\"likes\":")
                out.append(Array(String(value).utf8))
            }
        }
        if let url = item.url { out.append(",\"url\":"); appendString(url) }
        out.append(0x7D)
    }

    /// A comma then an object's start near the middle of the range. Whether
    /// it is a boundary between two items of the feed (and not inside a
    /// string or a nested array) `scanPayload` tells when it gets there.
    private static func findSplit(_ base: UnsafeMutablePointer<UInt8>, in range: Range<Int>, boundary: StaticString) -> Int? {
        let length = boundary.utf8CodeUnitCount
        var position = range.lowerBound + range.count / 2
        let limit = range.upperBound - length
        while position < limit {
            guard let found = memchr(base + position, 0x2C, limit - position) else { return nil }
            let comma = UnsafeMutableRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            if memcmp(base + comma, boundary.utf8Start, length) == 0 { return comma }
            position = comma + 1
        }
        return nil
    }

    private static func optionalString<Scanner: PayloadScanning>(_ scanner: inout Scanner, into slot: inout JSONSpan?) -> Bool {
        scanner.skipWhitespace()
        if scanner.peek() == 0x6E { // n
            guard scanner.null() else { return false }
            slot = nil
            return true
        }
        guard let span = scanner.string() else { return false }
        slot = span
        return true
    }

    /// Runs `test` on a string's value (decoded first if it has escapes).
    private static func check<Scanner: PayloadScanning>(_ span: JSONSpan, _ scanner: Scanner, _ scratch: inout [UInt8],
                                                        _ test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if !span.escaped {
            return test(UnsafeBufferPointer(start: scanner.base + span.start, count: span.count))
        }
        scanner.decode(span, into: &scratch)
        return scratch.withUnsafeBufferPointer(test)
    }
}
