import FeedCore

/// `feed-cache save` of input in the shape feed-map writes, read where it
/// stands: feed documents one after another (`{"items":[…]}`, with or without
/// the validators feed-map adds), every item a flat object written compactly
/// as the cache writes it. Each item is checked as `LocalFeed` checks it (a
/// UUID `id`, an absolute `url`), a repeated id dropped, and its bytes kept
/// as they are in the one buffer of the document to store, so memory is
/// that document and not a tree of it. Anything else it declines, having
/// changed nothing, and the caller reads the input the reference way
/// (`RecordReader` and `LocalFeed`), whose answer or error is the one given.
///
/// A large document is written while it is checked: each stretch of it that
/// is final goes to the sink (the store's file), so the disk works while the
/// rest is read.
///
/// The scan reads a copy of the input taken a stretch at a time, never the
/// input itself, and the document is made of that copy: another process
/// that rewrites a mapped input during the save changes nothing that was
/// checked, so only checked bytes are stored.
enum FastFeedSave {
    /// Whether an input of `count` bytes is worth writing while it is
    /// checked (`sink`): one of a few stretches or more; a smaller one is
    /// written after.
    static func writesWhileChecking(_ count: Int) -> Bool { count >= 8 << 20 }

    /// The feed to store and the validators to keep with it; nil to decline.
    /// With `inputIsMapped` (input mapped from a file, never written), the
    /// input's pages are given back as they are copied. The document's
    /// bytes go to `sink` as soon as they are final (all of them once the
    /// feed is taken; none that count if it is declined).
    static func feed(_ input: UnsafeMutableBufferPointer<UInt8>, inputIsMapped: Bool,
                            sink: FeedDocumentSink? = nil) -> (CheckedFeed, FeedValidators?)? {
        switch feed(input, inputIsMapped: inputIsMapped, ahead: SavedInputCopy.stretch, sink: sink) {
        case .taken(let feed): return feed
        case .declined(wholeCopy: true): return nil
        // Something longer than the stretch copied ahead: again, over a whole copy.
        case .declined(wholeCopy: false): return feed(input, inputIsMapped: inputIsMapped, ahead: input.count, sink: sink).taken
        }
    }

    private enum Answer {
        case taken((CheckedFeed, FeedValidators?))
        case declined(wholeCopy: Bool)

        var taken: (CheckedFeed, FeedValidators?)? {
            if case .taken(let feed) = self { return feed }
            return nil
        }
    }

    private static func feed(_ input: UnsafeMutableBufferPointer<UInt8>, inputIsMapped: Bool, ahead: Int,
                             sink: FeedDocumentSink?) -> Answer {
        guard input.baseAddress != nil, var output = SavedDocumentOutput(capacity: input.count + 64) else {
            return .declined(wholeCopy: true)
        }
        var scan = SavedDocumentScan(SavedInputCopy(input, into: output.base, ahead: ahead, releasing: inputIsMapped),
                                     into: output, sink: sink)
        // Before the document's memory or the input can go, whatever the answer.
        defer { scan.copy.finish() }
        var documents = 0
        var validators: JSON?
        repeat {
            guard let found = scan.document(into: &output, first: documents == 0) else {
                sink?.documentIsVoid() // before the document's memory goes
                return .declined(wholeCopy: scan.copy.isWhole)
            }
            validators = found
            documents += 1
        } while !scan.atEnd()
        output.close()
        sink?.documentEnds(output.written)
        // As the reference: the validators of a feed that is one document.
        return .taken((output.finished(), documents == 1 ? FeedValidators(json: validators) : nil))
    }
}
