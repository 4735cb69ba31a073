import FeedFuzzing
import XCTest

/// Every fuzz target's properties hold on its committed seeds and on the
/// inputs of past findings (each found crash stays here as a regular test).
final class FuzzTargetCorpusTests: XCTestCase {
    func test_jsonReader_holdsOnEveryCommittedInput() { assertHolds("json-reader") }
    func test_jsonScanner_agreesWithTheReaderOnEveryCommittedInput() { assertHolds("json-scanner") }
    func test_feedMap_fastPathAgreesWithReferenceOnEveryCommittedInput() { assertHolds("feed-map") }
    func test_comments_roundTripOnEveryCommittedInput() { assertHolds("comments") }
    func test_responseRecord_roundTripsOnEveryCommittedInput() { assertHolds("response-record") }
    func test_urlAndUUID_holdOnEveryCommittedInput() { assertHolds("url-uuid") }
    func test_cacheFile_returnsOnlySavedFilesOnEveryCommittedInput() { assertHolds("cache-file") }
    func test_httpHeaders_holdOnEveryCommittedInput() { assertHolds("http-headers") }
    func test_pageScan_holdsOnEveryCommittedInput() { assertHolds("page-scan") }
    func test_recordStream_agreesWithWholeInputOnEveryCommittedInput() { assertHolds("record-stream") }
    func test_feedPageHTML_holdsOnlyItsOwnMarkupOnEveryCommittedInput() { assertHolds("feed-page-html") }
    func test_cachedIDs_streamedAgreeWithTheReferenceOnEveryCommittedInput() { assertHolds("cached-ids") }
    func test_feedSave_fastPathAgreesWithTheReferenceOnEveryCommittedInput() { assertHolds("feed-save") }
    func test_cachedItems_streamedAgreeWithTheReferenceOnEveryCommittedInput() { assertHolds("cached-items") }
    func test_cachedLines_streamedAgreeWithTheReferenceOnEveryCommittedInput() { assertHolds("cached-lines") }
    func test_validators_keptOnlyAsTheRuleSaysOnEveryCommittedInput() { assertHolds("validators") }
    func test_controlEscape_leavesNoControlCharacterAndReadsBackOnEveryCommittedInput() { assertHolds("control-escape") }

    func test_everyTarget_isTestedHereAndHasSeeds() {
        let tested = Set(Self.testedNames)
        for target in FuzzTarget.all {
            XCTAssertTrue(tested.contains(target.name), "no test replays \(target.name)")
            XCTAssertGreaterThanOrEqual(FuzzCorpus(target: target).seedPaths.count, 5, "\(target.name) has too few seeds")
        }
    }

    func test_everyCorpusFolder_namesATarget() {
        for folder in ["Corpus", "Crashes"] {
            for name in FuzzCorpus.names(in: "\(FuzzCorpus.folder)/\(folder)") {
                XCTAssertNotNil(FuzzTarget.named(name), "\(folder)/\(name) names no fuzz target")
            }
        }
    }

    static let testedNames = [
        "json-reader", "json-scanner", "feed-map", "comments", "response-record", "url-uuid", "cache-file",
        "http-headers", "page-scan", "record-stream", "feed-page-html", "cached-ids", "feed-save", "cached-items", "cached-lines",
        "validators",
        "control-escape",
    ]

    private func assertHolds(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let target = FuzzTarget.named(name) else { return XCTFail("no fuzz target \(name)", file: file, line: line) }
        let corpus = FuzzCorpus(target: target)
        let paths = corpus.seedPaths + corpus.crashPaths
        XCTAssertFalse(paths.isEmpty, "no committed inputs for \(name)", file: file, line: line)
        for path in paths {
            guard let input = FuzzCorpus.read(path) else {
                XCTFail("cannot read \(path)", file: file, line: line)
                continue
            }
            do {
                try target.check(input)
            } catch {
                XCTFail("\(path): \(error)", file: file, line: line)
            }
        }
    }
}
