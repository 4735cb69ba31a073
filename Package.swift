// swift-tools-version:6.0
import PackageDescription

// The layers, each a target. Every target declares each target it imports,
// and only those. What holds it: the release build (Makefile) and CI's build
// (.ci/run) pass --explicit-target-dependency-import-check error, so there an
// import of a package target not declared here fails the build (a plain
// `swift build` may compile it; the check skips test targets, even with
// --build-tests); Tests/CommandTests/Repository/LayeringTests checks the same
// on the text of every target's sources, tests too, and that no target
// declares one it does not import. FeedPlatform re-exports the C library, so
// what a target calls of it is held by LayeringTests alone, a text scan: no
// EINTR, signal disposition or mask outside FeedPlatform, and no clock,
// sleep, thread, environment, user or process id or dlopen in Sources outside
// it (tests, which import Foundation, are not held to that).
//
//   feed-*            the composition roots: a few lines of wiring each
//   FeedCommands      one type per command over injected standard I/O: arguments,
//                     the pipe's rules, output, exit codes; it exits only from its
//                     signal handlers (cancel, a mapped file cut short), through
//                     FeedPlatform's SignalSafe
//   FeedCurl          the HTTP adapter behind FeedCore's HTTPClient, over libcurl (feed-fetch only)
//   FeedFastPath      the fast paths, each one call that writes the finished result
//                     or declines: feed-map's mapper, save's reading, load's ids
//   FeedStoreFiles    the cache on disk: directory, atomic writes, locks, checksums
//   FeedPresentation  what people read: the text format, relative dates, the feed's HTML page
//   FeedCore          models, reference mappers, cache policy and loaders, records,
//                     JSON: no file descriptor, no process state (it cannot see the C library)
//   FeedConcurrency   Locked, the one lock type, for the core, the curl adapter and the test server
//   FeedPlatform      the C library, imported here only and re-exported for its types and
//                     constants; every system call the other targets make (descriptor-relative
//                     opens, read, write, rename, mmap, poll, locks, sockets, signals, clocks and
//                     sleeping, threads, the environment, process and user ids, dlopen), with one
//                     EINTR policy (SystemCall); signal dispositions and masks are set only here
//   FeedFuzzing       the fuzz targets' checks over the parsers (no command links it;
//                     its tests replay the committed corpora, scripts/libfuzzer fuzzes)
//   LoopbackHTTP      a loopback HTTP/1.1 server and proxy, for the tests and the demo
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
        .target(name: "FeedFuzzing", dependencies: ["FeedCore", "FeedPresentation", "FeedFastPath", "FeedStoreFiles", "FeedCurl", "FeedPlatform"]),
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
