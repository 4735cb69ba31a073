import Foundation
import XCTest
import FeedTestSupport

/// The Makefile: its defaults and targets, `make install` and `make uninstall`.
final class MakefileTests: XCTestCase, DocumentationTesting {

    func testMakefileDefaultsAndTargets() throws {
        let make = try requireProgram("make", package: "make")
        let root = shellQuote(Self.packageRoot)
        let dryRun = try Command.sh("cd \(root) && \(shellQuote(make)) -n install DESTDIR=/dest")
        XCTAssertEqual(dryRun.status, 0, dryRun.err)
        for directory in ["/dest/usr/local/bin", "/dest/usr/local/share/man/man1", "/dest/usr/local/share/man/man7",
                          "/dest/usr/local/share/bash-completion/completions", "/dest/usr/local/share/zsh/site-functions",
                          "/dest/usr/local/share/fish/vendor_completions.d", "/dest/usr/local/share/doc/essential-feed",
                          "/dest/usr/local/lib/systemd/user", "/dest/usr/local/lib/essential-feed"] {
            XCTAssertTrue(dryRun.out.contains(directory), "make install should use \(directory) by default:\n\(dryRun.out)")
        }
        XCTAssertTrue(dryRun.out.contains("swift build -c release"), "make install should build release binaries:\n\(dryRun.out)")
        let test = try Command.sh("cd \(root) && \(shellQuote(make)) -n test")
        XCTAssertTrue(test.out.contains("swift test"), "make test should run swift test:\n\(test.out)")

        _ = try requireProgram("mandoc", package: "mandoc")
        let docs = try Command.sh("cd \(root) && \(shellQuote(make)) check-docs")
        XCTAssertEqual(docs.status, 0, "make check-docs failed:\n\(docs.out)\(docs.err)")
    }

    /// The one real `make install` of the suite (a release build: slow), into
    /// a DESTDIR, then `make uninstall` from it.
    func testMakeInstallAndUninstall() throws {
        let make = try requireProgram("make", package: "make")
        let mandoc = try requireProgram("mandoc", package: "mandoc")
        let destdir = makeTemporaryDirectory(self)
        // Not .build: `swift test` holds that directory's lock while tests run.
        let scratch = Self.packageRoot + "/.build-install-test"
        let variables = "DESTDIR=\(shellQuote(destdir)) PREFIX=/usr SWIFT_FLAGS=\(shellQuote("--scratch-path=" + scratch))"
        let install = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) install \(variables)", timeout: 1800)
        XCTAssertEqual(install.status, 0, "make install failed:\n\(install.out)\(install.err)")
        guard install.status == 0 else { return }

        let usr = destdir + "/usr"
        var expected: [String: Int] = [:] // path under DESTDIR: mode
        for tool in Self.tools {
            expected["/usr/bin/\(tool)"] = 0o755
            expected["/usr/share/man/man1/\(tool).1"] = 0o644
            expected["/usr/share/bash-completion/completions/\(tool)"] = 0o644
            expected["/usr/share/zsh/site-functions/_\(tool)"] = 0o644
            expected["/usr/share/fish/vendor_completions.d/\(tool).fish"] = 0o644
        }
        expected["/usr/share/man/man7/essential-feed.7"] = 0o644
        for doc in ["README.md", "LICENSE", "CHANGELOG.md"] + Self.docPages.map({ "docs/" + $0 }) {
            expected["/usr/share/doc/essential-feed/\(doc)"] = 0o644
        }
        expected["/usr/lib/essential-feed/essential-feed-refresh"] = 0o755
        expected["/usr/lib/systemd/user/essential-feed-refresh.service"] = 0o644
        expected["/usr/lib/systemd/user/essential-feed-refresh.timer"] = 0o644
        XCTAssertEqual(Set(Self.files(under: destdir)), Set(expected.keys), "make install should install exactly these files")
        for (path, mode) in expected {
            let attributes = try? FileManager.default.attributesOfItem(atPath: destdir + path)
            let actual = (attributes?[.posixPermissions] as? NSNumber)?.intValue
            XCTAssertEqual(actual, mode, "mode of \(path): \(String(actual ?? 0, radix: 8))")
        }

        // The installed commands are the release build (its build ID), stripped,
        // small, with the Swift runtime and the C++ runtime linked in: ldd names
        // nothing of the toolchain, no libstdc++ and no libgcc_s, and they run
        // with an empty environment (no LD_LIBRARY_PATH), feed-fetch loading
        // libcurl.so.4 on its own.
        let readelf = try requireProgram("readelf", package: "binutils")
        let ldd = try requireProgram("ldd", package: "libc-bin")
        let toolchainLib = try Self.swiftRuntimeFolder() ?? "/opt/swift/"
        let release = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) -s bin-path \(variables)", timeout: 120)
        let releaseBin = release.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let bare = ["-i", "PATH=/usr/bin:/bin", "LD_LIBRARY_PATH="]
        for tool in Self.tools {
            let installed = usr + "/bin/\(tool)"
            let built = try Self.buildID(readelf, releaseBin + "/\(tool)")
            XCTAssertNotNil(built, "\(tool) in \(releaseBin) has no build ID")
            XCTAssertEqual(try Self.buildID(readelf, installed), built, "\(tool) installed is not the release build in \(releaseBin)")

            let sections = try Command.run(readelf, ["-S", "-W", installed])
            XCTAssertEqual(sections.status, 0, "readelf -S \(installed): \(sections.err)")
            XCTAssertFalse(sections.out.contains(".symtab"), "\(tool) installed is not stripped (it has a .symtab)")
            XCTAssertFalse(sections.out.contains(".debug_"), "\(tool) installed keeps debug sections")
            XCTAssertFalse(sections.out.contains(".comment "), "\(tool) installed keeps the .comment section")
            let size = ((try? FileManager.default.attributesOfItem(atPath: installed))?[.size] as? NSNumber)?.intValue ?? -1
            XCTAssertTrue((1...8_000_000).contains(size), "\(tool) installed is \(size) bytes, more than 8 MB")

            // No RUNPATH or RPATH: the loader looks for the C library where
            // the system keeps it, never in the folder the command is in.
            let dynamic = try Command.run(readelf, ["-d", "-W", installed])
            XCTAssertEqual(dynamic.status, 0, "readelf -d \(installed): \(dynamic.err)")
            XCTAssertTrue(dynamic.out.contains("(NEEDED)"), "readelf -d \(installed) lists no library: \(dynamic.out)")
            XCTAssertFalse(dynamic.out.contains("RUNPATH") || dynamic.out.contains("(RPATH)"),
                           "\(tool) installed has a library search path:\n\(dynamic.out)")

            let libraries = try Command.run(ldd, [installed])
            XCTAssertEqual(libraries.status, 0, "ldd \(installed): \(libraries.err)")
            for needle in ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "libstdc++", "libgcc_s", "not found",
                           toolchainLib, "/opt/swift/"] {
                XCTAssertFalse(libraries.out.contains(needle), "ldd \(tool) installed: \(needle)\n\(libraries.out)")
            }

            let version = try Command.run("/usr/bin/env", bare + [installed, "--version"])
            XCTAssertEqual(version.status, 0, "\(tool) --version with an empty environment: \(version.err)")
            XCTAssertTrue(version.out.hasPrefix("\(tool) "), version.out)
            XCTAssertEqual(version.out, try Command.run(tool, ["--version"]).out, "installed \(tool) --version")
        }
        let server = try serve(["/v1/feed": .ok("{\"items\":[]}")])
        let fetched = try Command.run("/usr/bin/env", bare + [usr + "/bin/feed-fetch", server.url("/v1/feed")])
        XCTAssertEqual(fetched.status, 0, "installed feed-fetch: \(fetched.err)")
        let record = fetched.records().first
        XCTAssertEqual(record?["status"] as? Int, 200, fetched.out)
        XCTAssertEqual(record?["body"] as? String, "{\"items\":[]}", fetched.out)
        let help = try Command.run(usr + "/bin/feed-cache", ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("usage: feed-cache"), help.out)

        // The installed pages render, and man finds them by name in that tree.
        for page in Self.tools.map({ "/share/man/man1/\($0).1" }) + ["/share/man/man7/essential-feed.7"] {
            let lint = try Command.run(mandoc, ["-Tlint", "-Wwarning", usr + page])
            XCTAssertEqual(lint.status, 0, "\(page): \(lint.out)\(lint.err)")
            let text = try rendered(usr + page, width: 80)
            XCTAssertTrue(text.contains("\nNAME\n") && text.contains("\nDESCRIPTION\n"), "\(page) does not render:\n\(text)")
        }
        if let man = try? requireProgram("man", package: "man-db") {
            for (section, name) in [("1", "feed-cache"), ("7", "essential-feed")] {
                let shown = try Command.run(man, ["-M", usr + "/share/man", section, name], environment: ["MANPAGER": "cat", "PAGER": "cat"])
                XCTAssertEqual(shown.status, 0, "man -M \(usr)/share/man \(section) \(name): \(shown.err)")
                XCTAssertTrue(shown.out.contains(name), "man -M \(usr)/share/man \(section) \(name) shows nothing")
            }
        }

        // The installed bash completion works from where bash-completion looks.
        let installedBash = try bashComplete("feed-cache ", file: usr + "/share/bash-completion/completions/feed-cache", withBashCompletion: false)
        XCTAssertEqual(Set(installedBash), ["save", "load", "validate", "status", "image"])

        let uninstall = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) uninstall \(variables)", timeout: 120)
        XCTAssertEqual(uninstall.status, 0, "make uninstall failed:\n\(uninstall.out)\(uninstall.err)")
        XCTAssertEqual(Self.files(under: destdir), [], "make uninstall left files behind")
        XCTAssertFalse(FileManager.default.fileExists(atPath: usr + "/share/doc/essential-feed"), "make uninstall left the doc folder")
        XCTAssertFalse(FileManager.default.fileExists(atPath: usr + "/lib/essential-feed"), "make uninstall left lib/essential-feed")
    }

    /// `make install` into a PREFIX of its own (no DESTDIR, so the service's
    /// ExecStart names the script where it is): systemd-analyze verify passes
    /// on the installed units, and the command the service runs refreshes
    /// with the installed commands, against the fixture API on loopback.
    func testInstalledUserTimerAndService() throws {
        let make = try requireProgram("make", package: "make")
        let analyze = try requireProgram("systemd-analyze", package: "systemd")
        let work = makeTemporaryDirectory(self)
        let prefix = work + "/prefix"
        let scratch = Self.packageRoot + "/.build-install-test"
        let variables = "PREFIX=\(shellQuote(prefix)) SWIFT_FLAGS=\(shellQuote("--scratch-path=" + scratch))"
        let install = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) install \(variables)", timeout: 1800)
        XCTAssertEqual(install.status, 0, "make install failed:\n\(install.out)\(install.err)")
        guard install.status == 0 else { return }

        let units = prefix + "/lib/systemd/user"
        let service = try String(contentsOfFile: units + "/essential-feed-refresh.service", encoding: .utf8)
        let execStart = service.split(separator: "\n").first { $0.hasPrefix("ExecStart=") }.map { String($0.dropFirst("ExecStart=".count)) }
        XCTAssertEqual(execStart, prefix + "/lib/essential-feed/essential-feed-refresh", "the service runs the installed script")

        // As a user manager reads them, the man page of Documentation= found.
        let runtime = work + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let verify = try Command.run(analyze, ["verify", "--user", units + "/essential-feed-refresh.timer", units + "/essential-feed-refresh.service"],
                                     environment: ["XDG_RUNTIME_DIR": runtime, "MANPATH": prefix + "/share/man", "HOME": work])
        XCTAssertEqual(verify.status, 0, "systemd-analyze verify: \(verify.out)\(verify.err)")
        XCTAssertEqual(verify.out + verify.err, "", "systemd-analyze verify has something to say")

        // The service's command: fails naming the missing file, then refreshes, then has nothing to do.
        let home = work + "/home"
        let settings = home + "/.config/essential-feed/refresh.conf"
        let environment = ["HOME": home, "XDG_CONFIG_HOME": "", "PATH": "/usr/bin:/bin"]
        let script = execStart ?? ""
        let missing = try Command.run(script, [], environment: environment)
        XCTAssertEqual(missing.status, 78)
        XCTAssertTrue(missing.err.hasPrefix("essential-feed-refresh: \(settings): no such file; write "), missing.err)
        let api = try FixtureAPI(self, root: Self.packageRoot)
        try FileManager.default.createDirectory(atPath: home + "/.config/essential-feed", withIntermediateDirectories: true)
        try Data("URL=\(api.feedURL)\n".utf8).write(to: URL(fileURLWithPath: settings))
        let first = try Command.run(script, [], environment: environment)
        XCTAssertEqual(first.status, 0, first.err)
        let ids = try Command.run(prefix + "/bin/feed-cache", ["load", "--format", "ids"], environment: ["HOME": home])
        XCTAssertEqual(ids.outLines.count, 25, "the installed service's command stores the feed: \(ids.err)")
        XCTAssertEqual(api.server.requests.count, 26, "the feed and its 25 images")
        let second = try Command.run(script, [], environment: environment)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(second.out + second.err, "", "a second refresh with nothing new prints nothing")
        XCTAssertEqual(api.server.requests.count, 27, "a second refresh asks for the feed only")

        let uninstall = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) uninstall \(variables)", timeout: 120)
        XCTAssertEqual(uninstall.status, 0, "make uninstall failed:\n\(uninstall.out)\(uninstall.err)")
        XCTAssertEqual(Self.files(under: prefix), [], "make uninstall left files behind")
    }

    /// The release build's commands need a C library no newer than the one
    /// the README and every man page name (`glibc X.Y`): the highest
    /// `GLIBC_` version of their version needs, read with readelf.
    func testTheDocsNameTheCLibraryTheReleaseBuildNeeds() throws {
        let make = try requireProgram("make", package: "make")
        let readelf = try requireProgram("readelf", package: "binutils")
        let variables = "SWIFT_FLAGS=\(shellQuote("--scratch-path=" + Self.packageRoot + "/.build-install-test"))"
        let build = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) -s \(variables) && \(shellQuote(make)) -s bin-path \(variables)",
                                   timeout: 1800)
        XCTAssertEqual(build.status, 0, "make: \(build.err)")
        let bin = try XCTUnwrap(build.outLines.last, build.out)
        let needed = try XCTUnwrap(try Self.tools.compactMap { try CLibraryVersion.needed(by: bin + "/" + $0, readelf: readelf) }.max(),
                                   "no GLIBC_ version in the release build's commands in \(bin)")

        var texts = [("README.md", try String(contentsOfFile: Self.packageRoot + "/README.md", encoding: .utf8))]
        for page in Self.tools.map(Self.page) + [Self.overviewPage] {
            texts.append((URL(fileURLWithPath: page).lastPathComponent, try rendered(page)))
        }
        for (name, text) in texts {
            let stated = CLibraryVersion.stated(in: text)
            XCTAssertFalse(stated.isEmpty, "\(name) names no glibc version; the commands need glibc \(needed)")
            for version in stated {
                XCTAssertGreaterThanOrEqual(version, needed, "\(name) says glibc \(version); the commands need glibc \(needed)")
            }
        }
    }

    /// The toolchain's folder of the Swift runtime (`…/usr/lib/swift/linux/`):
    /// where this test process has its libswiftCore.so from.
    private static func swiftRuntimeFolder() throws -> String? {
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/"), line.hasSuffix("/libswiftCore.so") else { continue }
            return String(line[slash...].dropLast("libswiftCore.so".count))
        }
        return nil
    }

    /// An ELF file's GNU build ID (kept by strip), from `readelf -n`.
    private static func buildID(_ readelf: String, _ path: String) throws -> String? {
        let notes = try Command.run(readelf, ["-n", path])
        return notes.outLines.first { $0.contains("Build ID:") }?
            .components(separatedBy: "Build ID:").last?.trimmingCharacters(in: .whitespaces)
    }
}
