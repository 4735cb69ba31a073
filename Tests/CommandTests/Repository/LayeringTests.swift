import XCTest

/// The layering the package promises (docs/layout.md), checked on
/// the sources themselves: every target declares exactly the targets it
/// imports, the C library's interruptions and signal dispositions are dealt
/// with only in FeedPlatform, and the system calls listed below are made only
/// there.
final class LayeringTests: XCTestCase {
    private static let root = ManPageTests.packageRoot

    func test_everyTargetDeclaresExactlyTheTargetsItImports() throws {
        let declared = try Self.declaredDependencies()
        XCTAssertGreaterThan(declared.count, 10, "no targets read from Package.swift")
        for (target, dependencies) in declared.sorted(by: { $0.key < $1.key }) {
            let folder = try Self.folder(of: target)
            let imported = try Self.importedTargets(under: folder, among: Set(declared.keys)).subtracting([target])
            XCTAssertEqual(imported.subtracting(dependencies).sorted(), [], "\(target) imports targets it does not declare")
            XCTAssertEqual(dependencies.subtracting(imported).sorted(), [], "\(target) declares targets it never imports")
        }
    }

    /// The fast path has one door: one composition file outside it imports it
    /// (its own tests aside), and it shows at most 15 public declarations.
    func test_theFastPath_isImportedByOneCompositionFileAlone_andShowsAtMost15PublicDeclarations() throws {
        let own = Self.root + "/Sources/FeedFastPath/"
        var importers: [String] = []
        var publicDeclarations = 0
        for file in try Self.swiftFiles(under: "Sources") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if file.hasPrefix(own) {
                publicDeclarations += lines.filter {
                    let code = $0.drop(while: { $0 == " " })
                    return code.hasPrefix("public ") || code.hasPrefix("open ") || code.hasPrefix("@inlinable public ")
                }.count
            } else if lines.contains(where: { $0.hasPrefix("import FeedFastPath") || $0.hasPrefix("@testable import FeedFastPath") }) {
                importers.append(String(file.dropFirst(Self.root.count + 1)))
            }
        }
        XCTAssertEqual(importers, ["Sources/FeedComposition/FastPathInstallation.swift"], "FeedFastPath imported outside its one door")
        XCTAssertGreaterThan(publicDeclarations, 0, "no public declaration found in FeedFastPath: the scan is broken")
        XCTAssertLessThanOrEqual(publicDeclarations, 15, "FeedFastPath shows \(publicDeclarations) public declarations")
    }

    func test_interruptionsAndSignalDispositions_areDealtWithOnlyInFeedPlatform() throws {
        let forbidden = ["EINTR", "Glibc.", "sigaction(", "pthread_sigmask(", "#if canImport"]
        for file in try Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests")
        where !file.hasPrefix(Self.root + "/Sources/FeedPlatform/") && file != "\(#filePath)" {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for word in forbidden where line.contains(word) {
                    XCTFail("\(file):\(number + 1): '\(word)' outside FeedPlatform")
                }
                // signal( as a call of the C function, not a method (`semaphore.signal()`).
                if let range = line.range(of: "signal("), range.lowerBound == line.startIndex
                    || !(line[line.index(before: range.lowerBound)].isLetter || line[line.index(before: range.lowerBound)] == ".") {
                    XCTFail("\(file):\(number + 1): 'signal(' outside FeedPlatform")
                }
            }
        }
    }

    /// The C library's clock, sleeping, threads, environment, user and process
    /// ids, dynamic loading and signals sent are reached through FeedPlatform's wrappers
    /// (ClockCalls, DetachedThread, ThreadIdentity, ProcessEnvironment,
    /// ProcessIdentity, DynamicLibrary, Signals), never called from another target's
    /// sources. Tests are not held to it: they import Foundation, which brings
    /// the C library whatever FeedPlatform does.
    func test_systemCalls_areMadeOnlyInFeedPlatform() throws {
        let calls = ["clock_gettime", "clock_nanosleep", "gettimeofday", "usleep", "nanosleep",
                     "getenv", "secure_getenv", "setenv", "unsetenv", "putenv",
                     "getpid", "getppid", "getuid", "geteuid", "getgid", "getegid",
                     "dlopen", "dlsym", "dlclose", "dlerror", "raise", "kill", "sigaction"]
        let prefixes = ["pthread_", "thrd_"]
        var checked = 0
        for file in try Self.swiftFiles(under: "Sources") where !file.hasPrefix(Self.root + "/Sources/FeedPlatform/") {
            checked += 1
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = Self.withoutComment(line)
                for name in calls where Self.freeStandingWords(name, in: code).contains(where: {
                    code[$0.upperBound...].hasPrefix("(") && !code[..<$0.lowerBound].hasSuffix("func ") // a call, not a method of that name
                }) {
                    XCTFail("\(file):\(number + 1): '\(name)(' outside FeedPlatform")
                }
                for prefix in prefixes where !Self.freeStandingWords(prefix, in: code).isEmpty {
                    XCTFail("\(file):\(number + 1): '\(prefix)' outside FeedPlatform")
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "no sources read")
    }

    // MARK: - Reading the package

    /// Each target's name and the targets it depends on, as Package.swift spells them.
    static func declaredDependencies() throws -> [String: Set<String>] {
        let manifest = try String(contentsOfFile: root + "/Package.swift", encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|testTarget)\(name: "([^"]+)"(?:, dependencies: \[([^\]]*)\])?"#)
        var targets: [String: Set<String>] = [:]
        let whole = NSRange(manifest.startIndex..., in: manifest)
        for match in pattern.matches(in: manifest, range: whole) {
            guard let name = Range(match.range(at: 1), in: manifest).map({ String(manifest[$0]) }) else { continue }
            let list = Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) } ?? ""
            targets[name] = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) }.filter { !$0.isEmpty })
        }
        return targets
    }

    static func folder(of target: String) throws -> String {
        for parent in ["Sources", "Tests"] where FileManager.default.fileExists(atPath: "\(root)/\(parent)/\(target)") {
            return "\(root)/\(parent)/\(target)"
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "no folder for target \(target)"])
    }

    /// The package's own targets that the files under `folder` import.
    static func importedTargets(under folder: String, among targets: Set<String>) throws -> Set<String> {
        var imported = Set<String>()
        for file in try swiftFiles(under: folder) {
            for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") && !["public", "internal", "private", "package"].contains($0) }
                if words.count == 2, words[0] == "import", targets.contains(String(words[1])) { imported.insert(String(words[1])) }
            }
        }
        return imported
    }

    /// Where `word` starts an identifier of `line` that is not a member (`.word`).
    static func freeStandingWords(_ word: String, in line: Substring) -> [Range<Substring.Index>] {
        var found: [Range<Substring.Index>] = []
        var rest = line[...]
        while let range = rest.range(of: word) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            if before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) ?? true { found.append(range) }
            rest = line[range.upperBound...]
        }
        return found
    }

    /// The line up to its `//` comment, if any.
    static func withoutComment(_ line: Substring) -> Substring {
        line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
    }

    static func swiftFiles(under folder: String) throws -> [String] {
        let base = folder.hasPrefix("/") ? folder : "\(root)/\(folder)"
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "\(base)/\($0)" }
    }
}
