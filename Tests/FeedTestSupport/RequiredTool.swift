import Foundation
import XCTest

/// A program a test needs. Outside CI a missing one skips the test, naming
/// the package to install; under `CI=true` it fails the test, so that an
/// install step that failed cannot pass unseen.
public enum RequiredTool {
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The full path of `name` on PATH (or in /usr/bin, /bin).
    public static func path(_ name: String, package: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"] {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw missing("needs \(name) (apt-get install \(package))")
    }

    /// Fails or skips, as above, unless `condition` holds.
    public static func require(_ condition: Bool, _ message: String) throws {
        if !condition { throw missing(message) }
    }

    public static func missing(_ message: String) -> Error {
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            return Missing(description: "\(message): missing on a CI run, where every tool must be installed")
        }
        return XCTSkip(message)
    }
}
