import Foundation
import XCTest
import FeedTestSupport

/// Runs the curl command for the tests that try the loopback tools with a real client.
/// A missing curl skips the test, and fails it under CI=true (`RequiredTool`).
enum Curl {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
        let seconds: Double
    }

    /// The proxy settings curl reads, cleared so that only a test's own apply.
    private static let proxyVariables: Set<String> = [
        "http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
    ]

    static func path() throws -> String {
        try RequiredTool.path("curl", package: "curl")
    }

    /// `curl -q` (no ~/.curlrc) with `arguments`, the environment without proxy settings plus `environment`.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = ["-q"] + arguments
        var variables = ProcessInfo.processInfo.environment.filter { !proxyVariables.contains($0.key) }
        variables.merge(environment) { _, new in new }
        process.environment = variables
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let started = Date()
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: printed, as: UTF8.self),
            errors: String(decoding: complaints, as: UTF8.self),
            seconds: Date().timeIntervalSince(started)
        )
    }
}
