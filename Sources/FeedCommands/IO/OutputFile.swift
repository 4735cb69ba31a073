import FeedCore
import FeedPlatform
import FeedStoreFiles

/// `-o FILE`: the output written to a new file beside FILE, flushed and
/// renamed over FILE only when the command succeeds; on any failure (a usage
/// error, nothing cached, an error record from upstream, a signal) the new file
/// is removed and FILE stays exactly as it was.
///
/// The new file is `.NAME.tmp-PID-RANDOM` in FILE's folder (created with
/// O_EXCL, so it never clashes), reported to the cancel course so that SIGINT
/// or SIGTERM removes it. It takes the mode a shell's `>` would give a new
/// file (0666 less the umask); when FILE exists as a regular file, its
/// permission bits are kept.
final class OutputFile {
    /// FILE as given, for messages.
    let path: String
    private let folder: Int32
    private let name: String
    private let temporary: String
    /// The new file's path as the cancel course removes it.
    private let registered: String
    private let registry: TemporaryFileRegistry
    private let file: Int32
    let sink: OutputFileSink

    private init(path: String, folder: Int32, name: String, temporary: String, registered: String, file: Int32,
                 registry: TemporaryFileRegistry) {
        self.path = path
        self.registered = registered
        self.folder = folder
        self.name = name
        self.temporary = temporary
        self.file = file
        self.registry = registry
        sink = OutputFileSink(file)
    }

    /// The folder and the last name of `path`; nil when it names no file.
    static func split(_ path: String) -> (folder: String, name: String)? {
        guard !path.isEmpty, path.last != "/" else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let name = String(path[path.index(after: slash)...])
        guard name != ".", name != ".." else { return nil }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, name)
    }

    /// Creates the new file beside `path`, or says why it cannot.
    static func open(_ path: String, registry: TemporaryFileRegistry) throws(ToolError) -> OutputFile {
        guard let (folderPath, name) = split(path) else {
            throw ToolError(.usage, "-o needs the name of a file, got '\(path)'")
        }
        let folder: Int32
        do {
            folder = try FileDescriptor.open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        } catch {
            throw ToolError(.saving, "cannot write \(path): \(folderPath): \(error)")
        }
        var mode: mode_t = 0o666
        if let existing = try? DirectoryCalls.status(name, in: folder) {
            guard existing.st_mode & S_IFMT != S_IFDIR else {
                FileDescriptor.close(folder)
                throw ToolError(.usage, "-o \(path): is a folder; name a file")
            }
            if existing.st_mode & S_IFMT == S_IFREG { mode = existing.st_mode & 0o7777 }
        }
        var attempts = 0
        while true {
            let temporary = ".\(name).tmp-\(ProcessIdentity.processID)-\(UInt32.random(in: 0...UInt32.max))"
            let registered = folderPath == "/" ? "/\(temporary)" : "\(folderPath)/\(temporary)"
            do {
                // Created and reported with SIGINT and SIGTERM held: a cancel
                // that comes in between would leave it behind.
                let file = try Signals.holding([SIGINT, SIGTERM]) { () throws(SystemError) -> Int32 in
                    let file = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                                                       mode: 0o666, relativeTo: folder)
                    registry.register(registered)
                    return file
                }
                if mode != 0o666 { try? FileDescriptor.changeMode(file, mode) }
                return OutputFile(path: path, folder: folder, name: name, temporary: temporary, registered: registered,
                                  file: file, registry: registry)
            } catch where error.code == EEXIST && attempts < 8 {
                attempts += 1
            } catch {
                FileDescriptor.close(folder)
                throw ToolError(.saving, "cannot write \(path): cannot create a file in \(folderPath): \(error)")
            }
        }
    }


    /// Flushes the new file, renames it over FILE and flushes the folder;
    /// on failure the new file is removed and FILE left as it was.
    func commit() throws(ToolError) {
        var failure: SystemError? = sink.failure
        if failure == nil {
            do {
                _ = try SystemCall.value(retryOnInterrupt: false) { FlushCalls.system.file(file) }
            } catch {
                failure = error
            }
        }
        if let closing = FileDescriptor.close(file), failure == nil { failure = closing }
        if let failure {
            removeTemporary()
            throw ToolError(.saving, "cannot write \(path): \(failure)")
        }
        do {
            try registry.publish(registered) { () throws(ToolError) in
                do {
                    try DirectoryCalls.rename(temporary, to: name, in: folder)
                } catch {
                    throw ToolError(.saving, "cannot write \(path): \(error)")
                }
            }
        } catch {
            removeTemporary()
            throw error
        }
        // The rename is done; a folder that cannot be flushed is still reported.
        defer { FileDescriptor.close(folder) }
        do {
            _ = try SystemCall.value(retryOnInterrupt: false) { FlushCalls.system.file(folder) }
        } catch {
            throw ToolError(.saving, "cannot flush the folder of \(path): \(error)")
        }
    }

    /// Removes the new file: FILE stays as it was.
    func discard() {
        FileDescriptor.close(file)
        removeTemporary()
    }

    private func removeTemporary() {
        try? DirectoryCalls.remove(temporary, in: folder)
        registry.forget(registered)
        FileDescriptor.close(folder)
    }
}

/// Writes to the new file of `-o`, remembering the first failure (a full
/// disk), which `commit` then reports.
final class OutputFileSink: ByteSink {
    let fd: Int32
    private(set) var failure: SystemError?
    var isTerminal: Bool { false }

    init(_ fd: Int32) {
        self.fd = fd
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        do {
            try FileDescriptor.writeAll(fd, bytes)
            return true
        } catch {
            failure = error
            return false
        }
    }
}

/// A stage's `-o FILE`, if given: opened once the arguments are parsed,
/// published or discarded when the run ends (`Stage.run`).
final class OutputFileSlot {
    private(set) var file: OutputFile?

    /// Sends the stage's output to a new file beside `path`.
    func open(_ path: String, _ stage: Stage) throws(CommandStop) {
        do {
            let file = try OutputFile.open(path, registry: stage.io.temporaryFiles)
            self.file = file
            stage.output.redirect(to: file.sink)
        } catch {
            throw error.kind == .usage ? stage.usage(error.message) : .failure(error)
        }
    }

    /// The run's exit code, once FILE is replaced (code 0) or left as it was.
    func finish(_ code: Int32, _ stage: Stage) -> Int32 {
        guard let file else { return code }
        self.file = nil
        guard code == ExitCode.success else {
            if let failure = file.sink.failure {
                stage.io.errors.write("\(stage.tool): cannot write \(MessageText.oneLine(file.path)): \(failure)\n")
            }
            file.discard()
            return code
        }
        do {
            try file.commit()
            return code
        } catch {
            stage.io.errors.write("\(stage.tool): \(MessageText.oneLine(error.message))\n")
            return error.kind.exitCode
        }
    }
}
