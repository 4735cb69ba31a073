import Foundation

/// The file operations of a process, read from what `strace -f -y -xx -s N`
/// wrote: each system call that succeeded and that changes files or makes
/// them durable, in order. `-xx` writes every string and every path in hex,
/// so no byte of a name or of data can be mistaken for the syntax around it.
public struct SystemCallTrace {
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    public private(set) var operations: [FileOperation] = []
    /// Whether the traced process exited 0.
    public private(set) var exitedSuccessfully = false

    public init(parsing text: String) throws {
        var unfinished: [Substring: String] = [:]
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.drop { $0 == " " }
            guard let space = line.firstIndex(of: " ") else { continue }
            let pid = line[..<space]
            var call = String(line[space...].drop { $0 == " " })
            if call.hasPrefix("+++ exited with ") {
                exitedSuccessfully = call == "+++ exited with 0 +++" && unfinished.isEmpty
                continue
            }
            if call.hasPrefix("+++") || call.hasPrefix("---") { continue }
            if let cut = call.range(of: " <unfinished ...>") {
                unfinished[pid] = String(call[..<cut.lowerBound])
                continue
            }
            if call.hasPrefix("<... "), let resumed = call.range(of: " resumed>") {
                guard let start = unfinished.removeValue(forKey: pid) else { continue }
                call = start + call[resumed.upperBound...]
            }
            if let operation = try SystemCallTrace.operation(call) { operations.append(operation) }
        }
    }

    /// The operation of one finished call, nil if it failed or changes nothing.
    static func operation(_ call: String) throws -> FileOperation? {
        guard let open = call.firstIndex(of: "("), let close = call.range(of: ") = ", options: .backwards) else { return nil }
        let name = String(call[..<open])
        let result = call[close.upperBound...]
        guard !result.hasPrefix("-1"), !result.hasPrefix("?") else { return nil }
        let arguments = try TraceArguments.split(call[call.index(after: open)..<close.lowerBound])
        func path(_ directory: Int?, _ name: Int) throws -> String {
            let leaf = try arguments.text(name)
            guard let directory, !leaf.hasPrefix("/") else { return TraceArguments.normalized(leaf) }
            return TraceArguments.normalized(try arguments.path(directory) + "/" + leaf)
        }
        switch name {
        case "openat", "open":
            let flags = name == "open" ? 1 : 2
            guard arguments.raw(flags).contains("O_CREAT") else { return nil }
            return .create(try TraceArguments.split(result).path(0))
        case "write", "pwrite64":
            let count = Int(result.prefix { $0.isNumber }) ?? 0
            let bytes = try arguments.bytes(1)
            guard bytes.count >= count else { throw Unreadable(description: "data cut short (strace -s too small): \(call.prefix(120))") }
            let offset = name == "pwrite64" ? Int(arguments.raw(3)) : nil
            return .write(try arguments.path(0), Array(bytes.prefix(count)), offset: offset)
        case "writev", "pwritev", "pwritev2":
            throw Unreadable(description: "\(name) is not modelled: \(call.prefix(120))")
        case "ftruncate":
            return .truncate(try arguments.path(0), length: Int(arguments.raw(1)) ?? 0)
        case "fsync", "fdatasync":
            return .flush(try arguments.path(0))
        case "syncfs", "sync":
            return .flushAll
        case "rename":
            return .rename(from: try path(nil, 0), to: try path(nil, 1))
        case "renameat", "renameat2":
            return .rename(from: try path(0, 1), to: try path(2, 3))
        case "unlink", "rmdir":
            return .unlink(try path(nil, 0))
        case "unlinkat":
            return .unlink(try path(0, 1))
        case "mkdir":
            return .mkdir(try path(nil, 0))
        case "mkdirat":
            return .mkdir(try path(0, 1))
        default:
            return nil
        }
    }
}
