import FeedCore
import FeedFastPath

/// The one place that picks FeedFastPath: the mains of feed-map and
/// feed-cache call `install` before they run their command. Without it the
/// commands do all their work the reference way (`ReferencePaths`). The fuzz
/// targets reach the fast paths here too, to hold them to the reference.
public enum FastPathInstallation {
    /// The fast paths, behind FeedCore's door (`FeedFastPaths`).
    public static var fastPaths: any FeedFastPaths { FastFeedPaths() }

    public static func install() {
        FastPathChoice.installed = fastPaths
    }

    /// Where the fast paths' JSON scanner and FeedCore's `JSONReader`
    /// disagree over one JSON text, or nil (the json-scanner fuzz target).
    public static func scannerDisagreement(over input: [UInt8]) -> String? {
        FastFeedPaths.scannerDisagreement(over: input)
    }
}
