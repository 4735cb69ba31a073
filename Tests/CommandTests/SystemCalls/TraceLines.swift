import FeedTestSupport

/// strace lines as `strace -f -y -xx` writes them, for the tests of the
/// trace's readers: every path and string in hex.
enum TraceLines {
    static func hex(_ text: String) -> String { text.utf8.map { "\\x" + String($0, radix: 16).leftPadded(2) }.joined() }
    static func fd(_ number: Int, _ path: String) -> String { "\(number)<\(hex(path))>" }

    static func mkdir(_ parent: String, _ name: String) -> String { "7 mkdirat(\(fd(3, parent)), \"\(hex(name))\", 0700) = 0" }
    static func fsync(_ path: String) -> String { "7 fsync(\(fd(4, path))) = 0" }
    static func syncfs(_ path: String) -> String { "7 syncfs(\(fd(4, path))) = 0" }
    static func create(_ folder: String, _ name: String) -> String {
        "7 openat(\(fd(3, folder)), \"\(hex(name))\", O_WRONLY|O_CREAT|O_EXCL|O_CLOEXEC, 0600) = \(fd(5, folder + "/" + name))"
    }
    static func write(_ path: String, _ data: String) -> String { "7 write(\(fd(5, path)), \"\(hex(data))\", \(data.utf8.count)) = \(data.utf8.count)" }
    static func rename(_ folder: String, _ from: String, _ to: String) -> String {
        "7 renameat(\(fd(3, folder)), \"\(hex(from))\", \(fd(3, folder)), \"\(hex(to))\") = 0"
    }
    static let exit0 = "7 +++ exited with 0 +++"

    /// A first save done right: /r/c created, /r flushed, the file written,
    /// flushed, renamed, its folder flushed.
    static let durableSave = [
        mkdir("/r", "c"), fsync("/r"), create("/r/c", ".tmp-f"), write("/r/c/.tmp-f", "ab"), fsync("/r/c/.tmp-f"),
        rename("/r/c", ".tmp-f", "f"), fsync("/r/c"), exit0,
    ]

    static func operations(_ lines: [String]) throws -> [FileOperation] {
        try SystemCallTrace(parsing: lines.joined(separator: "\n")).operations
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
