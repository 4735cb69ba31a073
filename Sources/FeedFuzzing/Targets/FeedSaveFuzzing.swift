import FeedCore
import FeedComposition

/// Differential: `feed-cache save` by the fast paths (`FastFeedPaths.checkSaveInput`) against
/// the reference reading of its input (records, `LocalFeed` of each
/// document, one feed of the pages): what it takes, the reference takes too,
/// and stores the same bytes, keeps the same image URLs and the same
/// validators. What it declines, the reference answers. The same over an
/// input it may take as the document itself (as a mapped input), which it
/// leaves unchanged where it declines, giving a stream (as the store's file
/// written while checked), where it asks for one, exactly the document, or
/// nothing that counts.
public enum FeedSaveFuzzing {
    static let name = "feed-save"
    private static let expect = FuzzCheck(target: name)

    public static func check(_ input: [UInt8]) throws(FuzzFinding) {
        var copy = input
        let fast = copy.withUnsafeMutableBufferPointer { fastSave($0, inputIsMapped: false, stream: nil) }
        try expect.require(copy == input, "changed its input")
        try holds(fast, input)
        // As a mapped input: a buffer that outlives the document lent from it.
        let mapped = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: input.count + 1)
        defer { mapped.deallocate() }
        _ = mapped.initialize(from: input)
        let sink = RecordingDocumentSink()
        let inPlace = fastSave(UnsafeMutableBufferPointer(rebasing: mapped[..<input.count]), inputIsMapped: true, stream: sink)
        try expect.require(inPlace != nil || Array(mapped[..<input.count]) == input, "changed its input and declined")
        try expect.require((inPlace != nil) == (fast != nil), "took a mapped input otherwise")
        try holds(inPlace, input)
        // What a store would have written as it went: the document taken, or nothing that counts.
        guard sink.begun else { return }
        try expect.require(sink.broken == nil, "to the sink: \(sink.broken ?? "")")
        try expect.require(inPlace.map { sink.ended && sink.document == $0.0.document.array } ?? (!sink.ended && sink.document.isEmpty),
                           inPlace == nil ? "declined and left bytes given to the sink" : "gave the sink other bytes than the document")
    }

    /// The fast paths' answer: the feed and validators, nil where they declined.
    private static func fastSave(_ input: UnsafeMutableBufferPointer<UInt8>, inputIsMapped: Bool,
                                 stream: RecordingDocumentSink?) -> (CheckedFeed, FeedValidators?)? {
        FastPathInstallation.fastPaths.checkSaveInput(input, inputIsMapped: inputIsMapped, appending: false, beginSave: { stream?.begin() },
                                       checked: { feed, validators, _ in (feed, validators) }, reference: { nil })
    }

    /// What it took is what the reference stores.
    private static func holds(_ fast: (CheckedFeed, FeedValidators?)?, _ input: [UInt8]) throws(FuzzFinding) {
        guard let (feed, validators) = fast else { return }
        guard let reference = reference(input) else { throw expect.fail("took what the reference refuses") }
        try expect.require(feed.document.array == reference.document, "stored other bytes than the reference")
        try expect.require(feed.imageURLs() == reference.imageURLs, "kept other image URLs than the reference")
        try expect.require(validators == reference.validators, "kept other validators than the reference")
    }

    /// What `save` stores from input that is only feed documents, read the
    /// reference way; nil where it refuses the input or finds anything else.
    public static func reference(_ input: [UInt8]) -> (document: [UInt8], imageURLs: Set<String>, validators: FeedValidators?)? {
        var records = RecordReader(input)
        var pages: [LocalFeed] = []
        var validators: FeedValidators?
        while let next = records.next() {
            guard case .success(.document(let object)) = next, let page = try? LocalFeed(validating: object) else { return nil }
            pages.append(page)
            validators = pages.count == 1 ? FeedValidators(json: object[FeedValidators.documentKey]) : nil
        }
        guard !pages.isEmpty else { return nil }
        let feed = LocalFeed(pages: pages)
        return (JSONWriter().line(feed.document.json), feed.imageURLs, validators)
    }
}
