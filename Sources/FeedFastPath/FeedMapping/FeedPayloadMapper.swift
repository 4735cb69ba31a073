import Dispatch
import FeedCore
import Synchronization

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

        /// Writes the document, ending with `closing` (`FeedDocument.compactClosing`).
        func write<E: Error>(_ write: (UnsafeRawBufferPointer) throws(E) -> Void, closing: [UInt8]) throws(E) {
            try write(first.bytes)
            if let second { try write(second.bytes) }
            let failure: E? = closing.withUnsafeBytes { bytes in
                do throws(E) { try write(bytes) } catch { return error }
                return nil
            }
            if let failure { throw failure }
        }
    }

    /// Payloads this large are split between two threads.
    static let splitThreshold = 1 << 22

    /// Maps the payload that starts at `range.lowerBound` (and ends by
    /// `range.upperBound`); nil if it is not one the fast path takes. A
    /// payload `alone` (a bare document, not a record's body) with a key that
    /// makes it another record (`error`, `status`) is declined.
    static func map<Scanner: PayloadScanning>(_: Scanner.Type, base: UnsafeMutablePointer<UInt8>, _ range: Range<Int>,
                                              schema: FastSchema, arena: FeedOutputArena, releasesInput: Bool,
                                              alone: Bool = false) -> Mapped? {
        // The document is never longer than the text it comes from (see FeedOutput), so each
        // thread writes it at the same offset as its share of the text, into one buffer.
        guard let buffer = arena.buffer(capacity: range.count) else { return nil }
        let split = range.count >= splitThreshold ? PayloadSplit.find(base, in: range, boundary: Scanner.itemBoundary) : nil
        let tail = TailScan<Scanner>(base: base, buffer: buffer, range: range, schema: schema, releasesInput: releasesInput,
                                     alone: alone)
        let tailDone = DispatchGroup()
        if let split {
            DispatchQueue.global().async(group: tailDone) { tail.run(from: split) }
        }
        var scanner = Scanner(base, from: range.lowerBound, to: range.upperBound, maxDepth: JSONReader.defaultMaxDepth)
        var first = FeedOutput(base: buffer, capacity: (split ?? range.upperBound) - range.lowerBound)
        var release = InputRelease(base: base, from: range.lowerBound, enabled: releasesInput)
        var scan = scanPayload(&scanner, schema: schema, into: &first, split: split, release: &release, alone: alone)
        // Ended before the split (the split was past the payload, in a later
        // record, say): the second thread's work is wasted, so it stops.
        if scan != .reachedSplit { tail.abandoned.raise() }
        tailDone.wait()
        if scan == .overflowed && split != nil {
            // It went past the split (not a boundary between two items): once more, alone.
            scanner = Scanner(base, from: range.lowerBound, to: range.upperBound, maxDepth: JSONReader.defaultMaxDepth)
            first = FeedOutput(base: buffer, capacity: range.count)
            scan = scanPayload(&scanner, schema: schema, into: &first, split: nil, release: &release, alone: alone)
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

    /// The second thread's share, from the split to the payload's end, into
    /// its own part of the buffer; the first thread waits for it.
    private final class TailScan<Scanner: PayloadScanning>: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let buffer: UnsafeMutablePointer<UInt8>
        let range: Range<Int>
        let schema: FastSchema
        let releasesInput: Bool
        let alone: Bool
        /// Raised by the first thread when the tail is not wanted after all.
        let abandoned = StopSignal()
        /// Set only if the tail is valid.
        var end: Int?
        var output: FeedOutput?

        init(base: UnsafeMutablePointer<UInt8>, buffer: UnsafeMutablePointer<UInt8>, range: Range<Int>, schema: FastSchema,
             releasesInput: Bool, alone: Bool) {
            self.alone = alone
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
                                             abandoned: abandoned, alone: alone) else { return }
            self.output = output
            self.end = scanner.index
        }
    }

    /// `{"items":[…]}` (other keys skipped), every item valid for `schema`.
    /// With `split`, stops when the items array reaches it (a comma between
    /// two items), leaving the rest to `scanTail`.
    private static func scanPayload<Scanner: PayloadScanning>(_ scanner: inout Scanner, schema: FastSchema, into out: inout FeedOutput,
                                                              split: Int?, release: inout InputRelease, alone: Bool) -> PayloadScan {
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
                    guard skips(key, scanner, alone: alone), scanner.skipValue(inside: 1) else { return .failed }
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return .failed }
        }
        return sawItems && scanner.finishPayload() ? .complete : .failed
    }

    /// From `split` (the comma before an item) to the end of the payload:
    /// the remaining items, the array's end, any other keys, the object's end.
    private static func scanTail<Scanner: PayloadScanning>(_ scanner: inout Scanner, schema: FastSchema, into out: inout FeedOutput,
                                                           release: inout InputRelease, abandoned: StopSignal, alone: Bool) -> Bool {
        guard scanner.consume(0x2C),
              scanItemRun(&scanner, schema: schema, into: &out, first: false, split: nil, release: &release,
                          abandoned: abandoned) == .closed else {
            return false
        }
        while scanner.consume(0x2C) {
            // A second "items" would replace the first: too rare to split for.
            guard let key = scanner.string(), skips(key, scanner, alone: alone), !scanner.span(key, is: "items"),
                  scanner.consume(0x3A), scanner.skipValue(inside: 1) else { return false }
        }
        return scanner.consume(0x7D) && scanner.finishPayload()
    }

    /// Whether a key other than `items` is one the fast path skips: not
    /// escaped (it could spell `items`), and, in a payload alone, none that
    /// would make the reference read it as another record.
    private static func skips<Scanner: PayloadScanning>(_ key: JSONSpan, _ scanner: Scanner, alone: Bool) -> Bool {
        !key.escaped && !(alone && (scanner.span(key, is: "error") || scanner.span(key, is: "status")))
    }

    /// Items separated by commas, then `]`; or up to `split`. Each item is
    /// written as soon as it is known to be valid.
    private static func scanItemRun<Scanner: PayloadScanning>(_ scanner: inout Scanner, schema: FastSchema, into out: inout FeedOutput,
                                                              first: Bool, split: Int?, release: inout InputRelease,
                                                              abandoned: StopSignal? = nil) -> ItemRun {
        var scratch: [UInt8] = []
        var writer = FeedItemWriter()
        var isFirst = first
        return ItemSpans.with { item in
            repeat {
                if let abandoned, abandoned.isRaised { return .failed }
                guard FeedItemRules.scan(&scanner, schema: schema, into: &item, scratch: &scratch) else { return .failed }
                if !isFirst { out.append(0x2C) }
                isFirst = false
                writer.write(item, from: scanner, schema: schema, into: &out)
                guard !out.overflowed else { return .failed }
                release.advance(to: scanner.index)
                if let split, scanner.index == split { return .reachedSplit }
            } while scanner.consume(0x2C)
            return scanner.consume(0x5D) ? .closed : .failed
        }
    }
}
