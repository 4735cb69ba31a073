import FeedFuzzing
import FeedPlatform

/// The committed inputs of one fuzz target: its seed corpus
/// (`Corpus/<target>/`) and the inputs of past findings (`Crashes/<target>/`).
struct FuzzCorpus {
    let target: FuzzTarget

    static let folder = String(#filePath.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        .dropLast().map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/"))

    var seedPaths: [String] { Self.files(in: "\(Self.folder)/Corpus/\(target.name)") }
    var crashPaths: [String] { Self.files(in: "\(Self.folder)/Crashes/\(target.name)") }

    static func files(in directory: String) -> [String] {
        names(in: directory).map { "\(directory)/\($0)" }
    }

    static func names(in directory: String) -> [String] {
        guard let fd = try? FileDescriptor.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) else { return [] }
        defer { FileDescriptor.close(fd) }
        return ((try? DirectoryCalls.entries(of: fd)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let fd = try? FileDescriptor.open(path, O_RDONLY | O_CLOEXEC) else { return nil }
        defer { FileDescriptor.close(fd) }
        return try? FileDescriptor.readAll(fd)
    }
}
