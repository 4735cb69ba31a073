/// One fuzz target: the name its corpus folder and `scripts/libfuzzer` use,
/// and the check it runs on one input (throws a `FuzzFinding` when a
/// property does not hold; a crash or trap is a finding too).
public struct FuzzTarget {
    public let name: String
    public let check: ([UInt8]) throws(FuzzFinding) -> Void

    /// Every target, in the order `scripts/libfuzzer all` runs them.
    public static let all: [FuzzTarget] = [
        FuzzTarget(name: JSONReaderFuzzing.name, check: JSONReaderFuzzing.check),
        FuzzTarget(name: JSONScannerFuzzing.name, check: JSONScannerFuzzing.check),
        FuzzTarget(name: FeedMapFuzzing.name, check: FeedMapFuzzing.check),
        FuzzTarget(name: CommentsFuzzing.name, check: CommentsFuzzing.check),
        FuzzTarget(name: ResponseRecordFuzzing.name, check: ResponseRecordFuzzing.check),
        FuzzTarget(name: URLAndUUIDFuzzing.name, check: URLAndUUIDFuzzing.check),
        FuzzTarget(name: CacheFileFuzzing.name, check: CacheFileFuzzing.check),
        FuzzTarget(name: HTTPHeaderFuzzing.name, check: HTTPHeaderFuzzing.check),
        FuzzTarget(name: PageScanFuzzing.name, check: PageScanFuzzing.check),
        FuzzTarget(name: RecordStreamFuzzing.name, check: RecordStreamFuzzing.check),
        FuzzTarget(name: FeedPageHTMLFuzzing.name, check: FeedPageHTMLFuzzing.check),
        FuzzTarget(name: CachedIDsFuzzing.name, check: CachedIDsFuzzing.check),
        FuzzTarget(name: FeedSaveFuzzing.name, check: FeedSaveFuzzing.check),
        FuzzTarget(name: CachedItemsFuzzing.name, check: CachedItemsFuzzing.check),
        FuzzTarget(name: CachedLinesFuzzing.name, check: CachedLinesFuzzing.check),
        FuzzTarget(name: ValidatorsFuzzing.name, check: ValidatorsFuzzing.check),
        FuzzTarget(name: ControlEscapeFuzzing.name, check: ControlEscapeFuzzing.check),
    ]

    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
