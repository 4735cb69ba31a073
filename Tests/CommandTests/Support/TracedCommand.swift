import Foundation
import XCTest
import FeedTestSupport

/// A built command run under strace (Debian's `strace`), its file operations
/// read from the trace: `-f` follows its threads, `-y` names the file of
/// every descriptor, `-xx` writes names and data in hex, `-s` keeps the data
/// whole (the tests' files are small).
enum TracedCommand {
    static let calls = "openat,open,creat,write,pwrite64,writev,pwritev,pwritev2,ftruncate,fsync,fdatasync,syncfs,sync,"
        + "rename,renameat,renameat2,unlink,unlinkat,rmdir,mkdir,mkdirat"

    static func run(_ tool: String, _ arguments: [String], stdin: String? = nil, environment: [String: String],
                    traceIn folder: String) throws -> (result: CommandResult, trace: SystemCallTrace) {
        let strace = try RequiredTool.path("strace", package: "strace")
        let output = folder + "/strace-\(UUID().uuidString).txt"
        let result = try Command.run(strace, ["-f", "-y", "-xx", "-s", "16777216", "-e", "trace=\(calls)", "-o", output,
                                              try Command.path(tool)] + arguments, stdin: stdin, environment: environment)
        let trace = try SystemCallTrace(parsing: String(decoding: cacheTestRead(output) ?? [], as: UTF8.self))
        try? FileManager.default.removeItem(atPath: output)
        return (result, trace)
    }
}
