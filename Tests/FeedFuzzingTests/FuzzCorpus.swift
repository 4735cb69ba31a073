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
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            // In place, up to its NUL: the record is only d_reclen long, not all of d_name.
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                String(cString: UnsafeRawPointer(field).assumingMemoryBound(to: CChar.self))
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return try? FileDescriptor.readAll(fd)
    }
}
