import FeedCore

/// One command in a pipeline: its output, its diagnostics and its input, and
/// the run that turns how it stopped into its exit code.
public struct Stage {
    public let tool: String
    public let output: RecordOutput
    public let diagnostics: Diagnostics
    public let input: CommandInput
    public let io: StandardIO
    /// The file of `-o FILE`, once the arguments are parsed.
    let outputFile = OutputFileSlot()

    init(tool: String, io: StandardIO) {
        self.tool = tool
        self.io = io
        output = RecordOutput(io.output)
        diagnostics = Diagnostics(tool: tool, errors: io.errors, output: output)
        input = CommandInput(tool: tool, source: io.input)
    }

    /// Runs `body`; the exit code of the first failure, 0 if none.
    static func run(tool: String, io: StandardIO, _ body: (Stage) throws -> Void) -> Int32 {
        let stage = Stage(tool: tool, io: io)
        let code: Int32
        do {
            try body(stage)
            code = stage.diagnostics.exitCode
        } catch {
            code = stage.stopped(by: error)
        }
        return stage.outputFile.finish(code, stage)
    }

    private func stopped(by error: Error) -> Int32 {
        switch error {
        case CommandStop.failure(let failure, let url):
            return reported(failure, url: url)
        case CommandStop.outputClosed:
            return diagnostics.exitCode == ExitCode.success ? ExitCode.ioError : diagnostics.exitCode
        case CommandStop.exit(let code):
            return code
        case let failure as ToolError:
            return reported(failure, url: nil)
        default:
            return reported(ToolError(.invalidData, "\(error)"), url: nil)
        }
    }

    private func reported(_ failure: ToolError, url: String?) -> Int32 {
        do {
            try diagnostics.fail(failure, url: url)
        } catch {
            // stdout went away while the error record was written: the code stands.
        }
        return failure.kind.exitCode
    }

    /// A usage error that points at --help.
    public func usage(_ message: String) -> CommandStop {
        .failure(ToolError(.usage, "\(message) (see '\(tool) \(OptionKey.help)')"))
    }
}
