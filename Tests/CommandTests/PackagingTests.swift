import Foundation
import XCTest
import FeedTestSupport

/// The release: CHANGELOG.md names the version the commands print, `make
/// dist` (the tarball and SHA256SUMS) and `make deb` (the Debian package,
/// checked by lintian), and, on a throwaway machine, the package installed
/// with dpkg, used, and removed.
///
/// Each test makes its packages into a DISTDIR of its own from the release
/// build in MakefileTests' scratch path (the tests run one at a time, so that
/// build is made once and shared).
final class PackagingTests: XCTestCase, DocumentationTesting {

    // MARK: The version

    func testChangelogNamesTheVersionEachCommandPrints() throws {
        let (version, _) = try Self.newestRelease()
        for tool in Self.tools {
            let printed = try Command.run(tool, ["--version"])
            XCTAssertEqual(printed.status, 0, "\(tool) --version: \(printed.err)")
            XCTAssertEqual(printed.out, "\(tool) \(version)\n",
                           "CHANGELOG.md's newest entry should name the version \(tool) prints")
        }
        let make = try requireProgram("make", package: "make")
        let shown = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) -s version")
        XCTAssertEqual(shown.status, 0, shown.err)
        XCTAssertEqual(shown.out, version + "\n", "make version (read from Sources/FeedCore/ToolsetVersion.swift)")
    }

    // MARK: make dist

    func testDistTarball() throws {
        let (version, day) = try Self.newestRelease()
        let tar = try requireProgram("tar", package: "tar")
        let sha256sum = try requireProgram("sha256sum", package: "coreutils")
        guard let distdir = try make("dist") else { return }
        let machine = try Command.run("/bin/uname", ["-m"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = "essential-feed-\(version)-linux-\(machine).tar.gz"
        let tarball = distdir + "/" + name
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: distdir)), [name, "SHA256SUMS"],
                       "make dist should leave the tarball and SHA256SUMS, nothing else")

        // SHA256SUMS: sha256sum's format, the file by its name alone, and it verifies.
        let sums = try String(contentsOfFile: distdir + "/SHA256SUMS", encoding: .utf8)
        XCTAssertNotNil(sums.range(of: "^[0-9a-f]{64}  \(NSRegularExpression.escapedPattern(for: name))\n$", options: .regularExpression),
                        "SHA256SUMS:\n\(sums)")
        let check = try Command.run("/bin/sh", ["-c", #"cd "$1" && "$2" -c SHA256SUMS"#, "sh", distdir, sha256sum])
        XCTAssertEqual(check.status, 0, "sha256sum -c SHA256SUMS: \(check.out)\(check.err)")
        XCTAssertEqual(check.out, "\(name): OK\n")

        // gzip -9n: no file name, no time stamp, the best compression.
        let header = Array(try Data(contentsOf: URL(fileURLWithPath: tarball)).prefix(10))
        XCTAssertEqual(header.count, 10)
        if header.count == 10 {
            XCTAssertEqual(Array(header[0...2]), [0x1f, 0x8b, 8], "not gzip")
            XCTAssertEqual(header[3] & 0x08, 0, "the gzip header names a file (gzip -n leaves it out)")
            XCTAssertEqual(Array(header[4...7]), [0, 0, 0, 0], "the gzip header has a time stamp (gzip -n leaves it out)")
            XCTAssertEqual(header[8], 2, "not gzip -9")
        }

        // Every entry in one folder, owned by root, dated the release's day;
        // directories and commands 0755, the rest 0644.
        let top = "essential-feed-\(version)"
        let listing = try Command.run(tar, ["-tvzf", tarball], environment: ["TZ": "UTC"])
        XCTAssertEqual(listing.status, 0, "tar -tvzf: \(listing.err)")
        var listed: [String] = []
        for entry in listing.outLines.map(Self.listingEntry) {
            XCTAssertEqual(entry.owner, "root/root", entry.line)
            XCTAssertEqual(entry.date, day + " 00:00", entry.line)
            XCTAssertTrue(entry.path == top + "/" || entry.path.hasPrefix(top + "/"), "outside \(top)/: \(entry.line)")
            if entry.mode.hasPrefix("d") {
                XCTAssertEqual(entry.mode, "drwxr-xr-x", entry.line)
            } else {
                let executable = entry.path.hasPrefix(top + "/bin/") || entry.path.hasPrefix(top + "/lib/essential-feed/")
                XCTAssertEqual(entry.mode, executable ? "-rwxr-xr-x" : "-rw-r--r--", entry.line)
                listed.append("/" + entry.path)
            }
        }

        // It unpacks to make install's layout under PREFIX, exactly.
        let unpacked = makeTemporaryDirectory(self)
        let unpack = try Command.run(tar, ["-xzf", tarball, "-C", unpacked])
        XCTAssertEqual(unpack.status, 0, "tar -xzf: \(unpack.err)")
        var expected: Set<String> = []
        for tool in Self.tools {
            expected.formUnion(["/\(top)/bin/\(tool)", "/\(top)/share/man/man1/\(tool).1",
                                "/\(top)/share/bash-completion/completions/\(tool)", "/\(top)/share/zsh/site-functions/_\(tool)",
                                "/\(top)/share/fish/vendor_completions.d/\(tool).fish"])
        }
        expected.insert("/\(top)/share/man/man7/essential-feed.7")
        for doc in Self.docs + Self.docPages.map({ "docs/" + $0 }) { expected.insert("/\(top)/share/doc/essential-feed/\(doc)") }
        expected.formUnion(["/\(top)/lib/essential-feed/essential-feed-refresh",
                            "/\(top)/lib/systemd/user/essential-feed-refresh.service", "/\(top)/lib/systemd/user/essential-feed-refresh.timer"])
        XCTAssertEqual(Set(Self.files(under: unpacked)), expected, "the tarball should hold exactly these files")
        XCTAssertEqual(Set(listed), expected, "tar -tv should list exactly these files")
        let root = unpacked + "/" + top
        for doc in Self.docs {
            XCTAssertEqual(FileManager.default.contents(atPath: root + "/share/doc/essential-feed/" + doc),
                           FileManager.default.contents(atPath: Self.packageRoot + "/" + doc), "\(doc) in the tarball")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: root + "/share/man/man1/feed-cache.1"),
                       FileManager.default.contents(atPath: Self.page("feed-cache")), "feed-cache.1 in the tarball")
        // Unpacked into /usr/local, as the README says, the service finds its script.
        let service = (try? String(contentsOfFile: root + "/lib/systemd/user/essential-feed-refresh.service", encoding: .utf8)) ?? ""
        XCTAssertTrue(service.split(separator: "\n").contains("ExecStart=/usr/local/lib/essential-feed/essential-feed-refresh"), service)

        // The commands run from where they were unpacked, with an empty
        // environment (no toolchain in reach), and feed-fetch fetches.
        let bare = ["-i", "PATH=/usr/bin:/bin"]
        for tool in Self.tools {
            let printed = try Command.run("/usr/bin/env", bare + [root + "/bin/\(tool)", "--version"])
            XCTAssertEqual(printed.status, 0, "\(tool) --version from the tarball: \(printed.err)")
            XCTAssertEqual(printed.out, "\(tool) \(version)\n", "\(tool) --version from the tarball, against CHANGELOG.md")
        }
        let server = try serve(["/v1/feed": .ok("{\"items\":[]}")])
        let fetched = try Command.run("/usr/bin/env", bare + [root + "/bin/feed-fetch", server.url("/v1/feed")])
        XCTAssertEqual(fetched.status, 0, "feed-fetch from the tarball: \(fetched.err)")
        XCTAssertEqual(fetched.records().first?["status"] as? Int, 200, fetched.out)
        XCTAssertEqual(fetched.records().first?["body"] as? String, "{\"items\":[]}", fetched.out)

        // Made again from the same build: the same bytes.
        guard let again = try make("dist") else { return }
        XCTAssertEqual(try String(contentsOfFile: again + "/SHA256SUMS", encoding: .utf8), sums,
                       "make dist twice from the same build should give the same tarball")
    }

    // MARK: make deb

    func testDebianPackage() throws {
        let (version, day) = try Self.newestRelease()
        let dpkgDeb = try requireProgram("dpkg-deb", package: "dpkg")
        let dpkg = try requireProgram("dpkg", package: "dpkg")
        guard let distdir = try make("deb") else { return }
        let architecture = try Command.run(dpkg, ["--print-architecture"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = "essential-feed_\(version)_\(architecture).deb"
        let deb = distdir + "/" + name
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: distdir)), [name, "SHA256SUMS"],
                       "make deb should leave the package and SHA256SUMS, nothing else")
        let check = try Command.run("/bin/sh", ["-c", #"cd "$1" && sha256sum -c SHA256SUMS"#, "sh", distdir])
        XCTAssertEqual(check.out, "\(name): OK\n", "sha256sum -c SHA256SUMS: \(check.err)")

        // The control fields.
        let control = try Command.run(dpkgDeb, ["-f", deb])
        XCTAssertEqual(control.status, 0, "dpkg-deb -f: \(control.err)")
        let fields = Self.controlFields(control.out)
        XCTAssertEqual(fields["Package"], "essential-feed")
        XCTAssertEqual(fields["Version"], version, "Version, against CHANGELOG.md and --version")
        XCTAssertEqual(fields["Architecture"], architecture)
        // The C library as dpkg-shlibdeps computes it, no older than the
        // commands' highest GLIBC_ version; libcurl, which feed-fetch loads.
        let depends = fields["Depends"] ?? ""
        XCTAssertTrue(depends.hasSuffix(", libcurl4 | libcurl4t64"), "Depends: \(depends)")
        let libc = depends.hasPrefix("libc6 (>= ") ? depends.dropFirst("libc6 (>= ".count).prefix { $0 != ")" } : ""
        let promised = try XCTUnwrap(CLibraryVersion(libc), "Depends names no libc6 version: \(depends)")
        XCTAssertEqual(fields["Priority"], "optional")
        XCTAssertFalse((fields["Section"] ?? "").isEmpty, "no Section")
        XCTAssertNotNil(fields["Maintainer"]?.range(of: "^[^<>]+ <[^<>@ ]+@[^<>@ ]+>$", options: .regularExpression),
                        "Maintainer: \(fields["Maintainer"] ?? "none")")
        let description = (fields["Description"] ?? "").split(separator: "\n").map(String.init)
        XCTAssertFalse((description.first ?? "").isEmpty, "no short description")
        XCTAssertGreaterThanOrEqual(description.count, 5, "the long description should say what the commands do:\n\(control.out)")
        for word in Self.tools + ["offline", "seven days", "--if-changed"] {
            XCTAssertTrue(description.joined(separator: "\n").contains(word), "the description should mention \(word)")
        }

        // The files: where Debian wants them, owned by root, 0755 and 0644.
        let contents = try Command.run(dpkgDeb, ["-c", deb], environment: ["TZ": "UTC"])
        XCTAssertEqual(contents.status, 0, "dpkg-deb -c: \(contents.err)")
        var files: [String: Int] = [:] // path: size
        for entry in contents.outLines.map(Self.listingEntry) {
            XCTAssertEqual(entry.owner, "root/root", entry.line)
            XCTAssertEqual(entry.date, day + " 00:00", entry.line)
            if entry.mode.hasPrefix("d") {
                XCTAssertEqual(entry.mode, "drwxr-xr-x", entry.line)
            } else {
                let executable = entry.path.hasPrefix("./usr/bin/") || entry.path.hasPrefix("./usr/lib/essential-feed/")
                XCTAssertEqual(entry.mode, executable ? "-rwxr-xr-x" : "-rw-r--r--", entry.line)
                files[entry.path] = entry.size
            }
        }
        var expected: Set<String> = ["./usr/share/man/man7/essential-feed.7.gz", "./usr/share/doc/essential-feed/copyright",
                                     "./usr/share/doc/essential-feed/changelog.gz", "./usr/share/doc/essential-feed/README.md.gz",
                                     "./usr/lib/essential-feed/essential-feed-refresh",
                                     "./usr/lib/systemd/user/essential-feed-refresh.service", "./usr/lib/systemd/user/essential-feed-refresh.timer"]
        expected.formUnion(Self.docPages.map { "./usr/share/doc/essential-feed/docs/\($0).gz" })
        for tool in Self.tools {
            expected.formUnion(["./usr/bin/\(tool)", "./usr/share/man/man1/\(tool).1.gz",
                                "./usr/share/bash-completion/completions/\(tool)", "./usr/share/zsh/vendor-completions/_\(tool)",
                                "./usr/share/fish/vendor_completions.d/\(tool).fish"])
        }
        XCTAssertEqual(Set(files.keys), expected, "the package should hold exactly these files")
        let kibibytes = files.values.reduce(0) { $0 + ($1 + 1023) / 1024 }
        let installedSize = Int(fields["Installed-Size"] ?? "") ?? -1
        XCTAssertTrue((kibibytes...(kibibytes + 64)).contains(installedSize),
                      "Installed-Size \(installedSize) KiB for files of \(kibibytes) KiB")

        // What the files say: man pages gzip -9n'd from man/, the copyright
        // file in the machine-readable format, a Debian changelog naming VERSION.
        let extracted = makeTemporaryDirectory(self)
        let extract = try Command.run(dpkgDeb, ["-x", deb, extracted])
        XCTAssertEqual(extract.status, 0, "dpkg-deb -x: \(extract.err)")
        let readelf = try requireProgram("readelf", package: "binutils")
        let needed = try Self.tools.compactMap { try CLibraryVersion.needed(by: extracted + "/usr/bin/" + $0, readelf: readelf) }.max()
        XCTAssertNotNil(needed, "no GLIBC_ version in the packaged commands")
        if let needed { XCTAssertGreaterThanOrEqual(promised, needed, "Depends: libc6 (>= \(promised)); the commands need glibc \(needed)") }
        let gzip = try requireProgram("gzip", package: "gzip")
        for (section, page) in Self.tools.map({ ("man1", "\($0).1") }) + [("man7", "essential-feed.7")] {
            let path = extracted + "/usr/share/man/\(section)/\(page).gz"
            let header = Array((FileManager.default.contents(atPath: path) ?? Data()).prefix(10))
            XCTAssertTrue(header.count == 10 && header[3] & 0x08 == 0 && header[4...7].allSatisfy { $0 == 0 } && header[8] == 2,
                          "\(page).gz is not gzip -9n: \(header)")
            let text = try Command.run(gzip, ["-dc", path])
            XCTAssertEqual(text.stdout, Array(FileManager.default.contents(atPath: Self.packageRoot + "/man/" + page) ?? Data()),
                           "\(section)/\(page).gz is not man/\(page)")
        }
        let copyright = (try? String(contentsOfFile: extracted + "/usr/share/doc/essential-feed/copyright", encoding: .utf8)) ?? ""
        XCTAssertTrue(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"), copyright)
        for line in ["Files: *", "Copyright: 2026 the Essential Feed toolset authors", "License: Expat",
                     " Permission is hereby granted, free of charge, to any person obtaining a copy"] {
            XCTAssertTrue(copyright.split(separator: "\n").contains(Substring(line)), "copyright has no line '\(line)':\n\(copyright)")
        }
        let changelog = extracted + "/changelog"
        let decompressed = try Command.run(gzip, ["-dc", extracted + "/usr/share/doc/essential-feed/changelog.gz"])
        XCTAssertEqual(decompressed.status, 0, decompressed.err)
        XCTAssertTrue(decompressed.out.hasPrefix("essential-feed (\(version)) unstable; urgency=medium\n"), decompressed.out)
        try Data(decompressed.stdout).write(to: URL(fileURLWithPath: changelog))
        let parse = try requireProgram("dpkg-parsechangelog", package: "dpkg-dev")
        let parsed = try Command.run(parse, ["-l", changelog, "-S", "Version"])
        XCTAssertEqual(parsed.out, version + "\n", "dpkg-parsechangelog: \(parsed.err)")

        // lintian: no error.
        let lintian = try requireProgram("lintian", package: "lintian")
        let report = try Command.run(lintian, [deb], timeout: 900)
        XCTAssertEqual(report.outLines.filter { $0.hasPrefix("E:") }, [], "lintian reports errors:\n\(report.out)")
        XCTAssertEqual(report.status, 0, "lintian \(name): \(report.out)\(report.err)")
    }

    /// `dpkg -i`, the installed commands in a pipeline and their man page,
    /// then `dpkg -r`: it changes the machine, so it runs only where that is
    /// wanted, as root under CI=true.
    func testDebianPackageInstallsWorksAndRemoves() throws {
        guard ProcessInfo.processInfo.environment["CI"] == "true", getuid() == 0 else {
            throw XCTSkip("installs the package with dpkg: only as root under CI=true (a throwaway machine)")
        }
        let dpkg = try requireProgram("dpkg", package: "dpkg")
        let query = try requireProgram("dpkg-query", package: "dpkg")
        let man = try requireProgram("man", package: "man-db")
        let system = ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]
        let installed = { () throws -> String in
            let status = try Command.run(query, ["-W", "-f=${db:Status-Status}", "essential-feed"], environment: system)
            return status.status == 0 ? status.out : ""
        }
        let before = try installed()
        guard ["", "not-installed"].contains(before) else {
            XCTFail("essential-feed is on this machine already (\(before)): remove it (dpkg -r essential-feed) to run this test")
            return
        }
        let (version, _) = try Self.newestRelease()
        guard let distdir = try make("deb") else { return }
        let architecture = try Command.run(dpkg, ["--print-architecture"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let deb = distdir + "/essential-feed_\(version)_\(architecture).deb"
        addTeardownBlock {
            if (try? installed()).map({ !["", "not-installed"].contains($0) }) ?? false {
                _ = try? Command.run(dpkg, ["-r", "essential-feed"], environment: system, timeout: 300)
            }
        }

        // Man pages too where a Docker image's dpkg.cfg.d leaves them out.
        let install = try Command.run(dpkg, ["--path-include=/usr/share/man/*", "-i", deb], environment: system, timeout: 600)
        XCTAssertEqual(install.status, 0, "dpkg -i: \(install.out)\(install.err)")
        guard install.status == 0 else { return }
        XCTAssertEqual(try installed(), "installed")
        let listing = try Command.run(dpkg, ["-L", "essential-feed"], environment: system)
        XCTAssertEqual(listing.status, 0, listing.err)
        var files: [String] = [], directories: [String] = []
        for path in listing.outLines where path != "/." {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                directories.append(path)
            } else {
                files.append(path)
            }
        }
        for tool in Self.tools {
            XCTAssertTrue(files.contains("/usr/bin/\(tool)"), "dpkg -L lists no /usr/bin/\(tool)")
        }

        // The installed commands: remote into the cache, then from the cache.
        // The id as the server spells it, and as load gives it back.
        let id = "1f0b3e6c-4b0a-4d8e-9c59-2f6a1d0e7b21"
        let image = "https://images.example.com/a.png"
        let server = try serve(["/v1/feed": .ok(feedPayload([["id": id, "image": image]]))])
        let home = makeTemporaryDirectory(self)
        let cache = home + "/cache"
        let bare = ["-i", "PATH=/usr/bin:/bin", "HOME=" + home]
        let pipeline = "/usr/bin/feed-fetch \(shellQuote(server.url("/v1/feed"))) | /usr/bin/feed-map | /usr/bin/feed-cache --cache-dir \(shellQuote(cache)) save"
        let saved = try Command.run("/usr/bin/env", bare + ["/bin/sh", "-c", pipeline])
        XCTAssertEqual(saved.status, 0, "\(pipeline): \(saved.err)")
        let loaded = try Command.run("/usr/bin/env", bare + ["/usr/bin/feed-cache", "--cache-dir", cache, "load"])
        XCTAssertEqual(loaded.status, 0, "feed-cache load: \(loaded.err)")
        let items = loaded.records().first?["items"] as? [[String: Any]]
        XCTAssertEqual(items?.count, 1, loaded.out)
        XCTAssertEqual(items?.first?["id"] as? String, id, loaded.out)
        XCTAssertEqual(items?.first?["url"] as? String, image, loaded.out)
        XCTAssertEqual(saved.out, loaded.out, "save should print the feed it stored")

        // The user units where Debian keeps them, as a user manager reads
        // them; the service's command says what to write where.
        let analyze = try requireProgram("systemd-analyze", package: "systemd")
        let runtime = makeTemporaryDirectory(self)
        _ = chmod(runtime, 0o700)
        let units = ["/usr/lib/systemd/user/essential-feed-refresh.timer", "/usr/lib/systemd/user/essential-feed-refresh.service"]
        let verify = try Command.run(analyze, ["verify", "--user"] + units, environment: ["XDG_RUNTIME_DIR": runtime, "HOME": home])
        XCTAssertEqual(verify.status, 0, "systemd-analyze verify: \(verify.out)\(verify.err)")
        let unconfigured = try Command.run("/usr/bin/env", bare + ["/usr/lib/essential-feed/essential-feed-refresh"])
        XCTAssertEqual(unconfigured.status, 78, unconfigured.err)
        XCTAssertTrue(unconfigured.err.contains(home + "/.config/essential-feed/refresh.conf: no such file"), unconfigured.err)

        // man finds the installed pages.
        for (arguments, page) in [(["-w", "feed-cache"], "/usr/share/man/man1/feed-cache.1.gz"),
                                  (["-w", "7", "essential-feed"], "/usr/share/man/man7/essential-feed.7.gz")] {
            let found = try Command.run("/usr/bin/env", ["-u", "MANPATH", man] + arguments)
            XCTAssertEqual(found.out, page + "\n", "man \(arguments.joined(separator: " ")): \(found.err)")
        }

        // dpkg -r takes every file away, and every directory no other package
        // has and nothing else fills.
        let remove = try Command.run(dpkg, ["-r", "essential-feed"], environment: system, timeout: 600)
        XCTAssertEqual(remove.status, 0, "dpkg -r: \(remove.out)\(remove.err)")
        let after = try installed()
        XCTAssertTrue(["", "not-installed"].contains(after), "after dpkg -r, essential-feed is \(after)")
        for file in files {
            XCTAssertFalse(FileManager.default.fileExists(atPath: file), "dpkg -r left \(file)")
        }
        for directory in directories where FileManager.default.fileExists(atPath: directory) {
            let owners = try Command.run(query, ["-S", directory], environment: system)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            XCTAssertTrue(owners.status == 0 || !entries.isEmpty, "dpkg -r left \(directory), empty and no other package's")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/usr/share/doc/essential-feed"), "dpkg -r left the doc folder")
    }

    // MARK: Helpers

    static var docs: [String] { ["README.md", "LICENSE", "CHANGELOG.md"] }

    /// CHANGELOG.md's newest release: its version and day, from the first
    /// `## [X.Y.Z] - YYYY-MM-DD` heading (an `## [Unreleased]` one above it
    /// is what the next release will say, and no release).
    static func newestRelease() throws -> (version: String, day: String) {
        let text = try String(contentsOfFile: packageRoot + "/CHANGELOG.md", encoding: .utf8)
        let heading = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("## [") && $0 != "## [Unreleased]" }.map(String.init),
                                    "CHANGELOG.md has no release")
        let pattern = #"^## \[[0-9]+\.[0-9]+\.[0-9]+\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$"#
        _ = try XCTUnwrap(heading.range(of: pattern, options: .regularExpression),
                          "CHANGELOG.md's newest entry is not '## [X.Y.Z] - YYYY-MM-DD': \(heading)")
        let words = heading.split(separator: " ")
        return (String(words[1].dropFirst().dropLast()), String(words[3]))
    }

    /// `make TARGET` into a fresh DISTDIR, from the release build in
    /// MakefileTests' scratch path; nil (and a failure) if make failed.
    private func make(_ target: String) throws -> String? {
        let make = try requireProgram("make", package: "make")
        let distdir = makeTemporaryDirectory(self) + "/dist"
        let scratch = Self.packageRoot + "/.build-install-test"
        let variables = "DISTDIR=\(shellQuote(distdir)) SWIFT_FLAGS=\(shellQuote("--scratch-path=" + scratch))"
        let made = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) \(target) \(variables)", timeout: 1800)
        XCTAssertEqual(made.status, 0, "make \(target) failed:\n\(made.out)\(made.err)")
        guard made.status == 0 else { return nil }
        return distdir
    }

    /// A line of `tar -tv` or `dpkg-deb -c`: mode, owner, size, day and time, path.
    static func listingEntry(_ line: String) -> (mode: String, owner: String, size: Int, date: String, path: String, line: String) {
        let words = line.split(separator: " ").map(String.init)
        guard words.count >= 6 else { return ("?", "?", -1, "?", line, line) }
        return (words[0], words[1], Int(words[2]) ?? -1, words[3] + " " + words[4], words[5...].joined(separator: " "), line)
    }

    /// Control fields by name; a field's continuation lines kept, after a newline.
    static func controlFields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        var last: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix(" "), let name = last {
                fields[name, default: ""] += "\n" + line
            } else if let colon = line.firstIndex(of: ":") {
                let name = String(line[..<colon])
                fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                last = name
            }
        }
        return fields
    }
}
