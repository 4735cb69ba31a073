#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The version every command prints for `--version`.
public enum ToolsetVersion {
    public static let string = "0.1.0"
}

/// One command in a pipeline, and the contract's rules for the pipe:
/// records out on stdout, one message on stderr where an error starts, error
/// records passed on silently, and the exit code of the first failure.
public final class Stage {
    public let tool: String
    public let stdoutIsTerminal: Bool
    public var writer: JSONWriter
    public private(set) var exitCode: Int32 = ExitCode.success
    /// A progress line to erase before any message.
    public var progress: ProgressLine?

    public init(tool: String, pretty: Bool = false) {
        self.tool = tool
        self.stdoutIsTerminal = StandardIO.isTerminal(1)
        self.writer = JSONWriter(style: pretty ? .pretty : .compact)
    }

    /// Writes one record (a line of NDJSON, or a pretty document) to stdout.
    public func emit(_ value: JSON) {
        emit(bytes: writer.line(value))
    }

    public func emit(bytes: [UInt8]) {
        if !StandardIO.write(1, bytes) {
            // The reader went away (EPIPE with SIGPIPE ignored): nothing more can be said.
            exit(exitCode == 0 ? ExitCode.ioError : exitCode)
        }
    }

    /// Writes raw bytes to stdout (a piece of a record the fast paths build).
    public func emit(raw bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let wrote = Glibc.write(1, base + offset, bytes.count - offset)
            if wrote < 0 {
                if errno == EINTR { continue }
                exit(exitCode == 0 ? ExitCode.ioError : exitCode)
            }
            offset += wrote
        }
    }

    /// An error that starts here: one line on stderr naming what failed, the
    /// error record on stdout for the next stage (unless stdout is a terminal).
    public func fail(_ error: ToolError, url: String? = nil) {
        let subject = url.map { "\(Stage.shortened(Stage.oneLine($0))): " } ?? ""
        progress?.clear()
        _ = StandardIO.write(2, "\(tool): \(subject)\(Stage.oneLine(error.message))\n")
        if !stdoutIsTerminal {
            emit(ErrorRecord(url: url, error).json)
        }
        note(error.kind.exitCode)
    }

    /// An error record from an earlier stage: written on unchanged, silently.
    public func passOn(_ record: ErrorRecord) {
        if !stdoutIsTerminal {
            emit(record.json)
        }
        note(record.kind.exitCode)
    }

    /// Remembers a failure's exit code; the first one wins.
    public func note(_ code: Int32) {
        if exitCode == ExitCode.success { exitCode = code }
    }

    public func finish() -> Never {
        exit(exitCode)
    }

    /// Fails with `error` and exits at once.
    public func fatal(_ error: ToolError, url: String? = nil) -> Never {
        fail(error, url: url)
        exit(error.kind.exitCode)
    }

    /// Prints `text` on stdout and exits 0 (for --help and --version).
    public func print(_ text: String) -> Never {
        _ = StandardIO.write(1, text.hasSuffix("\n") ? text : text + "\n")
        exit(ExitCode.success)
    }

    /// Reads all of stdin for a stage that expects records. A terminal on stdin
    /// is a usage error (nothing was piped in); empty input is `not-found`.
    /// Standard input for a stage that reads it in place: mapped if it is a
    /// regular file, else read (see `StandardInput`).
    public func mapInput(expecting what: String) -> StandardInput {
        refuseTerminalInput(expecting: what)
        guard let mapped = StandardInput.map(tool: tool, stdoutIsTerminal: stdoutIsTerminal) else {
            return .read(readInput(expecting: what))
        }
        requireInput(mapped, expecting: what)
        return .mapped(mapped)
    }

    public func readInput(expecting what: String) -> [UInt8] {
        refuseTerminalInput(expecting: what)
        let bytes: [UInt8]
        do {
            bytes = try StandardIO.readAll(0)
        } catch {
            fatal(error)
        }
        requireInput(bytes, expecting: what)
        return bytes
    }

    private func refuseTerminalInput(expecting what: String) {
        if StandardIO.isTerminal(0) {
            fatal(ToolError(.usage, "standard input is a terminal: pipe \(what) into \(tool) (see '\(tool) --help')"))
        }
    }

    /// Empty or blank input is `not-found`.
    private func requireInput<Bytes: Collection<UInt8>>(_ bytes: Bytes, expecting what: String) {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            fatal(ToolError(.notFound, "no input: expected \(what) on standard input"))
        }
    }

    /// A subject cut to a length a terminal line can show (a 50 MB URL is
    /// named by its start); the error record keeps it whole.
    static func shortened(_ text: String, limit: Int = 300) -> String {
        guard text.utf8.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// Control characters (a newline in a URL, say) would break the one-line rule.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? " " : $0
        }))
    }

    /// Parses the arguments, answering --help and --version, and turning a
    /// usage error into the documented exit.
    public func parse(_ parser: ArgumentParser, _ arguments: [String], help: String) -> ParsedArguments {
        parse(parser, arguments) { _ in help }
    }

    /// The same, with a help text that may depend on the operands (a subcommand's own help).
    public func parse(_ parser: ArgumentParser, _ arguments: [String], help: (ParsedArguments) -> String) -> ParsedArguments {
        let parsed: ParsedArguments
        do {
            parsed = try parser.parse(arguments)
        } catch {
            fatal(error)
        }
        if parsed.has("--help") { print(help(parsed)) }
        if parsed.has("--version") { print("\(tool) \(ToolsetVersion.string)") }
        return parsed
    }

    /// Fails with a usage error that points at --help.
    public func usage(_ message: String) -> Never {
        fatal(ToolError(.usage, "\(message) (see '\(tool) --help')"))
    }
}
