import FeedCore
import FeedStoreFiles
import Foundation
import XCTest
import FeedTestSupport
import FeedPlatform

// Helpers for the reliability and security tests: seeded randomness, large
// generated feeds, the cache's files, and the codes the contract documents.

/// The seed of a randomized test: `$FEED_TEST_SEED` if set (to replay or
/// explore), else the test's fixed one, so CI runs the same trials every time.
func testSeed(_ fixed: UInt64) -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["FEED_TEST_SEED"], let seed = UInt64(text) { return seed }
    return fixed
}

/// Every exit code the contract documents for a run that is not cancelled.
let documentedExitCodes: Set<Int32> = [0, 64, 65, 66, 69, 74]

/// A feed document of `count` items in the cache's compact form (so the
/// stored document is these bytes plus a newline), with `including` as the
/// first items' URLs. `tag` makes ids, texts and the other URLs its own.
func generatedFeed(items count: Int, tag: Int, including shared: [String] = []) -> [UInt8] {
    var text = "{\"items\":["
    text.reserveCapacity(count * 130)
    for index in 0..<count {
        if index > 0 { text += "," }
        let id = "\(hex(tag, 8))-\(hex(index >> 12 & 0xFFFF, 4))-4\(hex(index & 0xFFF, 3))-8000-\(hex(index, 12))"
        let url = index < shared.count ? shared[index] : "https://images.example/\(tag)/image-\(index).jpg"
        text += "{\"id\":\"\(id)\",\"description\":\"feed \(tag), item \(index)\",\"location\":\"place \(index % 97)\",\"url\":\"\(url)\"}"
    }
    text += "]}"
    return Array(text.utf8)
}

/// `value` in upper-case hex, `width` digits (the low ones).
func hex(_ value: Int, _ width: Int) -> String {
    let digits = String(UInt64(truncatingIfNeeded: value), radix: 16, uppercase: true)
    return digits.count >= width ? String(digits.suffix(width)) : String(repeating: "0", count: width - digits.count) + digits
}

/// A response record for `image save`.
func imageRecord(url: String, body: [UInt8], status: Int = 200) -> String {
    let object: [String: Any] = ["url": url, "status": status, "headers": [String: String](), "body_base64": Data(body).base64EncodedString()]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return String(decoding: data, as: UTF8.self)
}

/// Deterministic bytes of `count` for `url`: image data that tells one URL from another.
func imageBytes(for url: String, count: Int) -> [UInt8] {
    var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: url.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }))
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
}

/// The names in a directory (no `.` and `..`), without following anything.
func directoryEntries(_ path: String) -> [String] {
    guard let fd = try? FileDescriptor.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) else { return [] }
    defer { FileDescriptor.close(fd) }
    return (try? DirectoryCalls.entries(of: fd)) ?? []
}

/// Temporary files a writer left in the cache or its images directory.
func leftoverTemporaries(_ cache: String) -> [String] {
    directoryEntries(cache).filter { $0.hasPrefix(".tmp-") }
        + directoryEntries(cache + "/images").filter { $0.hasPrefix(".tmp-") }.map { "images/" + $0 }
}

/// Everything under `root`, by relative path, with its type, mode and bytes
/// (and a file's modification time); symbolic links are listed with their
/// target, never followed. A directory's own time is left out: trying a write
/// that fails creates and removes a temporary file in it.
/// The cache's tree without the refresh's history, which `save` rewrites
/// when a failure (an error record) reaches it: the feed, its validators and
/// the images are what stays as it was.
func feedTree(_ root: String) -> [String: String] {
    tree(root).filter { $0.key != "refresh" }
}

func tree(_ root: String) -> [String: String] {
    var result: [String: String] = [:]
    func walk(_ relative: String) {
        let path = relative.isEmpty ? root : root + "/" + relative
        for name in directoryEntries(path) {
            let child = relative.isEmpty ? name : relative + "/" + name
            let full = root + "/" + child
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            let mode = String(info.st_mode & 0o7777, radix: 8)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                result[child] = "dir \(mode)"
                walk(child)
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: 4096)
                let count = readlink(full, &buffer, buffer.count - 1)
                let target = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
                result[child] = "link -> \(target)"
            case S_IFREG:
                let bytes = FileManager.default.contents(atPath: full) ?? Data()
                result[child] = "file \(mode) \(bytes.count) \(CacheChecksum.hex(CacheChecksum.of(Array(bytes)))) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            default:
                result[child] = "other \(mode)"
            }
        }
    }
    walk("")
    return result
}

/// Fails listing only what differs between two `tree`s.
func XCTAssertSameTree(_ after: [String: String], _ before: [String: String], _ message: String,
                       file: StaticString = #filePath, line: UInt = #line) {
    let changed = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }.sorted()
    guard !changed.isEmpty else { return }
    let details = changed.map { "\($0): \(before[$0] ?? "absent") -> \(after[$0] ?? "absent")" }
    XCTFail("\(message): \(details.joined(separator: "; "))", file: file, line: line)
}

/// The mode bits of `path` (not following a link).
func fileMode(_ path: String) -> Int {
    var info = stat()
    guard lstat(path, &info) == 0 else { return -1 }
    return Int(info.st_mode & 0o7777)
}

/// A cache file written by hand: the feed header (as the store writes it)
/// over `document`, with the right length and checksum, saved now.
func wholeFeedFile(_ document: [UInt8], savedAt seconds: Int = Int(Date().timeIntervalSince1970)) -> [UInt8] {
    Array("essential-feed-cache 1 \(seconds).000000000 \(document.count) \(CacheChecksum.hex(CacheChecksum.of(document)))\n".utf8) + document
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

extension CommandResult {
    /// The `error.kind` of the last record on stdout (one compact line, or
    /// all of stdout when it is one pretty record).
    var lastErrorKind: String? {
        let whole = (try? JSONSerialization.jsonObject(with: Data(stdout))) as? [String: Any]
        guard let object = whole ?? outLines.last.flatMap({ (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }) else {
            return nil
        }
        return (object["error"] as? [String: Any])?["kind"] as? String
    }
}
