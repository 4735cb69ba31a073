import FeedComposition

/// Differential: the fast paths' JSON scanner against the reference
/// `JSONReader` on one JSON text (`FastFeedPaths.scannerDisagreement`):
/// both accept or both reject it; the value built from the scanner's tokens
/// is the reader's, at every depth; a string's decoded bytes, a number's
/// text and its integer value are the same.
enum JSONScannerFuzzing {
    static let name = "json-scanner"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        if let found = FastPathInstallation.scannerDisagreement(over: input) { throw expect.fail(found) }
    }
}
