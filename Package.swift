// swift-tools-version:6.0
import PackageDescription

// One target per folder of Sources/, in layers. What each holds, which may
// import which, and how the layering is held (the build's explicit import
// check, LayeringTests, FeedPlatform alone making system calls): docs/layout.md.
let package = Package(
    name: "EssentialFeed",
    products: [
        .executable(name: "feed-fetch", targets: ["feed-fetch"]),
        .executable(name: "feed-map", targets: ["feed-map"]),
        .executable(name: "feed-comments", targets: ["feed-comments"]),
        .executable(name: "feed-cache", targets: ["feed-cache"]),
    ],
    targets: [
        .target(name: "FeedPlatform"),
        .target(name: "FeedConcurrency"),
        .target(name: "FeedCore", dependencies: ["FeedConcurrency"]),
        .target(name: "FeedPresentation", dependencies: ["FeedCore"]),
        .target(name: "FeedStoreFiles", dependencies: ["FeedCore", "FeedPlatform"]),
        .target(name: "FeedFastPath", dependencies: ["FeedCore", "FeedPlatform"]),
        .target(name: "FeedCommands", dependencies: ["FeedCore", "FeedPresentation", "FeedStoreFiles", "FeedPlatform"]),
        .target(name: "FeedComposition", dependencies: ["FeedCore", "FeedFastPath"]),
        .target(name: "FeedCurl", dependencies: ["FeedCore", "FeedConcurrency", "FeedPlatform"]),
        .executableTarget(name: "feed-fetch", dependencies: ["FeedCommands", "FeedCurl", "FeedCore", "FeedStoreFiles", "FeedPlatform"]),
        .executableTarget(name: "feed-map", dependencies: ["FeedCommands", "FeedComposition", "FeedPlatform"]),
        .executableTarget(name: "feed-comments", dependencies: ["FeedCommands", "FeedPlatform"]),
        .executableTarget(name: "feed-cache", dependencies: ["FeedCommands", "FeedComposition", "FeedStoreFiles", "FeedPlatform"]),
        // A loopback HTTP/1.1 server on POSIX sockets, for the tests and the demo.
        .target(name: "LoopbackHTTP", dependencies: ["FeedConcurrency", "FeedCore", "FeedPlatform"]),
        .executableTarget(name: "feed-fixture-server", dependencies: ["LoopbackHTTP", "FeedPlatform"]),
        .target(name: "FeedFuzzing", dependencies: ["FeedCore", "FeedPresentation", "FeedComposition", "FeedStoreFiles", "FeedCurl", "FeedPlatform"]),
        .testTarget(name: "FeedCoreTests", dependencies: ["FeedCore", "FeedConcurrency", "FeedTestSupport"]),
        .testTarget(name: "FeedPresentationTests", dependencies: ["FeedPresentation", "FeedCore", "FeedTestSupport"]),
        .testTarget(name: "FeedStoreFilesTests", dependencies: ["FeedStoreFiles", "FeedCore", "FeedConcurrency", "FeedTestSupport", "FeedPlatform"]),
        .testTarget(name: "FeedFastPathTests", dependencies: ["FeedFastPath", "FeedCore", "FeedFuzzing", "FeedTestSupport", "FeedPlatform"]),
        .testTarget(name: "FeedCommandsTests", dependencies: ["FeedCommands", "FeedCore", "FeedConcurrency", "FeedTestSupport", "FeedStoreFiles", "FeedPlatform"]),
        .testTarget(name: "LoopbackHTTPTests", dependencies: ["LoopbackHTTP", "FeedPlatform", "FeedCore", "FeedTestSupport"]),
        .testTarget(name: "FeedCurlTests", dependencies: ["FeedCurl", "FeedCore", "LoopbackHTTP"]),
        .testTarget(name: "FeedPlatformTests", dependencies: ["FeedPlatform"]),
        .testTarget(name: "FeedFuzzingTests", dependencies: ["FeedFuzzing", "FeedPlatform"],
                    exclude: ["Corpus", "Crashes", "feed.dict"]),
        .testTarget(name: "CommandTests", dependencies: ["FeedCore", "FeedCommands", "FeedStoreFiles", "LoopbackHTTP", "FeedTestSupport", "FeedPlatform", "FeedConcurrency"],
                    exclude: ["Fixtures"]),
        // What the test targets share: store specs, the in-memory store, seeded
        // randomness, temporary directories, the tools a test needs. A test
        // target, so that release builds never see it.
        .testTarget(name: "FeedTestSupport", dependencies: ["FeedCore", "FeedPlatform"]),
    ],
    swiftLanguageModes: [.v5]
)

// The libFuzzer entry (Sources/feed-fuzz): only for scripts/libfuzzer, which
// sets FEED_FUZZ=1 and builds with --sanitize fuzzer; libFuzzer gives `main`.
if Context.environment["FEED_FUZZ"] == "1" {
    package.products.append(.executable(name: "feed-fuzz", targets: ["feed-fuzz"]))
    package.targets.append(.executableTarget(name: "feed-fuzz", dependencies: ["FeedFuzzing", "FeedPlatform"],
                                             swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
