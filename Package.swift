// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EssentialFeed",
    products: [
        .executable(name: "feed-fetch", targets: ["feed-fetch"]),
        .executable(name: "feed-map", targets: ["feed-map"]),
        .executable(name: "feed-comments", targets: ["feed-comments"]),
        .executable(name: "feed-cache", targets: ["feed-cache"]),
    ],
    targets: [
        // The shared library: models, mappers, cache policy, store, record I/O,
        // command-line plumbing. FoundationEssentials only, so that the commands
        // that do not fetch never load libcurl or ICU.
        .target(name: "FeedKit"),
        // The one adapter that needs FoundationNetworking: URLSession behind
        // FeedKit's HTTPClient protocol. Only feed-fetch links it.
        .target(name: "FeedKitNetworking", dependencies: ["FeedKit"]),
        .executableTarget(name: "feed-fetch", dependencies: ["FeedKit", "FeedKitNetworking"]),
        .executableTarget(name: "feed-map", dependencies: ["FeedKit"]),
        .executableTarget(name: "feed-comments", dependencies: ["FeedKit"]),
        .executableTarget(name: "feed-cache", dependencies: ["FeedKit"]),
        // A loopback HTTP/1.1 server on POSIX sockets, for the tests and the demo.
        .target(name: "LoopbackHTTP"),
        .executableTarget(name: "feed-fixture-server", dependencies: ["LoopbackHTTP"]),
        .testTarget(name: "FeedKitTests", dependencies: ["FeedKit"]),
        .testTarget(name: "LoopbackHTTPTests", dependencies: ["LoopbackHTTP"]),
        .testTarget(name: "CommandTests", dependencies: ["FeedKit", "LoopbackHTTP"]),
    ],
    swiftLanguageModes: [.v5]
)
