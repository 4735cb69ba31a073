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
        let tail = TailScan<Scanner>(base: base, buffer: buffer, range: range, schema: schema, releasesInput: releasesInput,
                                     alone: alone)
        var first = FeedOutput(base: buffer, capacity: range.count)
        var release = InputRelease(base: base, from: range.lowerBound, enabled: releasesInput)
        var end = range.lowerBound
        let scan = TwoThreadSplit.run(base, range, boundary: Scanner.itemBoundary, tail: tail) { split in
            var cursor = JSONCursor(Scanner(base, from: range.lowerBound, to: range.upperBound))
            first = FeedOutput(base: buffer, capacity: (split ?? range.upperBound) - range.lowerBound)
            let read = PayloadEnvelope.read(&cursor, alone: alone, escapedKeys: .decline) { cursor, _, isEmpty in
                // A later "items" replaces an earlier one, as in the reference.
                first.removeAll()
                first.append("{\"items\":[")
                return isEmpty ? .complete : itemRun(&cursor, schema: schema, into: &first, first: true, split: split, release: &release)
            }
            end = cursor.index
            switch read {
            case .complete: return .complete
            case .stopped: return .reachedSplit
            case .failed: return first.overflowed ? .overflowed : .failed
            }
        }
        switch scan {
        case .complete:
            return Mapped(first: first, second: nil, end: end)
        case .reachedSplit:
            guard let end = tail.end, let second = tail.output else { return nil }
            return Mapped(first: first, second: second, end: end)
        case .failed, .overflowed:
            return nil
        }
    }

    /// The second thread's share, from the split to the payload's end, into
    /// its own part of the buffer; the first thread waits for it.
    private final class TailScan<Scanner: PayloadScanning>: SplitTail, @unchecked Sendable {
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
            (self.base, self.buffer, self.range, self.schema, self.releasesInput, self.alone) = (base, buffer, range, schema, releasesInput, alone)
        }

        func run(from split: Int) {
            let offset = split - range.lowerBound
            var output = FeedOutput(base: buffer + offset, capacity: range.count - offset)
            var cursor = PayloadEnvelope.amongItems(Scanner(base, from: split, to: range.upperBound))
            var release = InputRelease(base: base, from: split, enabled: releasesInput)
            let read = PayloadEnvelope.readTail(&cursor, alone: alone) { cursor in
                FeedPayloadMapper.itemRun(&cursor, schema: schema, into: &output, first: false, split: nil, release: &release,
                                          abandoned: abandoned)
            }
            guard read else { return }
            self.output = output
            self.end = cursor.index
        }
    }

    /// The items from the cursor to the array's `]` (`.complete`), or up to
    /// `split` (`.stopped`). Each is written as soon as it is known to be valid.
    private static func itemRun<Scanner: PayloadScanning>(_ cursor: inout JSONCursor<Scanner>, schema: FastSchema, into out: inout FeedOutput,
                                                          first: Bool, split: Int?, release: inout InputRelease,
                                                          abandoned: StopSignal? = nil) -> PayloadEnvelope.End {
        var scratch: [UInt8] = []
        var writer = FeedItemWriter()
        var isFirst = first
        return ItemSpans.with { item in
            while true {
                if let abandoned, abandoned.isRaised { return .failed }
                guard FeedItemRules.scan(&cursor, schema: schema, into: &item, scratch: &scratch) else { return .failed }
                if !isFirst { out.append(0x2C) }
                isFirst = false
                writer.write(item, from: cursor.scanner, schema: schema, into: &out)
                guard !out.overflowed else { return .failed }
                release.advance(to: cursor.index)
                if let split, cursor.index == split { return .stopped }
                guard let more = cursor.nextElement() else { return .failed }
                if !more { return .complete }
            }
        }
    }
}
