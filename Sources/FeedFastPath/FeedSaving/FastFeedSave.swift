import FeedCore

/// `feed-cache save` of input in the shape feed-map writes, read where it
/// stands: feed documents one after another (`{"items":[…]}`, with or without
/// the validators feed-map adds), every item a flat object written compactly
/// as the cache writes it. Each item is checked as `LocalFeed` checks it (a
/// UUID `id`, an absolute `url`), a repeated id dropped, and its bytes copied
/// as they are into the one buffer of the document to store, so memory is
/// that document and not a tree of it. Anything else it declines, having
/// changed nothing, and the caller reads the input the reference way
/// (`RecordReader` and `LocalFeed`), whose answer or error is the one given.
public enum FastFeedSave {
    /// The feed to store and the validators to keep with it; nil to decline.
    /// With `inputIsMapped` (input mapped from a file, private and writable,
    /// for the life of the process), the document may be the input's own
    /// bytes where it is one compact document (`SavedDocumentOutput`), and
    /// else the input's pages are given back as the scan passes them.
    public static func feed(_ input: UnsafeMutableBufferPointer<UInt8>, inputIsMapped: Bool) -> (CheckedFeed, FeedValidators?)? {
        guard let base = input.baseAddress,
              var output = SavedDocumentOutput(capacity: input.count + 64, mirroring: inputIsMapped ? input : nil) else { return nil }
        var scan = SavedDocumentScan(scanner: JSONScanner(base, from: 0, to: input.count),
                                     release: InputRelease(base: base, from: 0, enabled: inputIsMapped))
        var documents = 0
        var validators: JSON?
        output.open()
        repeat {
            guard let found = scan.document(into: &output) else { return nil }
            validators = found
            documents += 1
            scan.scanner.skipWhitespace()
        } while !scan.scanner.atEnd
        output.close()
        // As the reference: the validators of a feed that is one document.
        return (output.finished(), documents == 1 ? FeedValidators(json: validators) : nil)
    }
}
