import FeedCore
import FeedFastPath

/// The one place that picks FeedFastPath: the mains of feed-map and
/// feed-cache call this before they run their command. Without it the
/// commands do all their work the reference way (`ReferencePaths`).
public enum FastPathInstallation {
    public static func install() {
        FastPathChoice.installed = FastFeedPaths()
    }
}
