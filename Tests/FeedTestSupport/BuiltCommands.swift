import Foundation

/// The package's executables as `swift build` left them, the one way the tests
/// find them: in the products folder of the scratch path the test bundle was
/// built into (`.build/debug`, or `.build-asan/…/debug` under scripts/sanitize),
/// which holds the bundle itself. A command that is not there is an error
/// naming it and the folder looked in, so that a test fails instead of
/// running something else or nothing.
public enum BuiltCommands {
    /// The commands the package builds.
    public static let all = ["feed-fetch", "feed-map", "feed-comments", "feed-cache", "feed-fixture-server"]

    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The products folder: the folder of the running test bundle (on Linux
    /// an executable, `…/debug/EssentialFeedPackageTests.xctest`; elsewhere a
    /// bundle, `….xctest/Contents/MacOS/…`, whose folder is taken).
    public static let directory: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: executable).standardizedFileURL
        if let bundle = url.pathComponents.lastIndex(where: { $0.hasSuffix(".xctest") }) {
            url = URL(fileURLWithPath: NSString.path(withComponents: Array(url.pathComponents[..<bundle])))
        } else {
            url.deleteLastPathComponent()
        }
        return url.path
    }()

    /// The full path of the built executable `name`.
    public static func path(_ name: String) throws -> String {
        let candidate = directory + "/" + name
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            throw Missing(description: "\(name) is not built: no executable \(candidate) (looked in \(directory), "
                          + "the folder of the test bundle); run `swift build` (or `swift build --build-tests`) first")
        }
        return candidate
    }

    /// Throws, naming the first missing one, unless every command is built
    /// (before a shell script that finds them on PATH).
    public static func requireAll() throws {
        for name in all { _ = try path(name) }
    }
}
