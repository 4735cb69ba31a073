import FeedCore

/// A small getopt: `-j 4`, `-j4`, `-qv`, `--timeout 5`, `--timeout=5`, `--`
/// ends options, `-` alone is an operand. Options and operands may mix.
public struct ArgumentParser: Sendable {
    public var tool: String
    public var options: [OptionSpec]

    public init(tool: String, options: [OptionSpec]) {
        self.tool = tool
        self.options = options
    }

    private func spec(_ name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }

    public func usageError(_ message: String) -> ToolError {
        ToolError(.usage, "\(message) (see '\(tool) \(OptionKey.help)')")
    }

    public func parse(_ arguments: [String]) throws(ToolError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        func record(_ spec: OptionSpec, _ value: String, as name: String) throws(ToolError) {
            if let range = spec.range, !range.accepts(value) {
                throw usageError(range.refusal(of: value, by: name))
            }
            parsed.values[spec.key, default: []].append(value)
            parsed.given.append(spec.key)
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.operands.append(contentsOf: arguments[index...])
                break
            }
            if argument.hasPrefix("--") {
                var name = argument
                var inline: String? = nil
                if let equals = argument.firstIndex(of: "=") {
                    name = String(argument[..<equals])
                    inline = String(argument[argument.index(after: equals)...])
                }
                guard let spec = spec(name) else { throw usageError("unknown option '\(name)'") }
                if spec.value != nil {
                    if let inline {
                        try record(spec, inline, as: name)
                    } else {
                        guard index < arguments.count else { throw usageError("option '\(name)' needs a value") }
                        try record(spec, arguments[index], as: name)
                        index += 1
                    }
                } else {
                    guard inline == nil else { throw usageError("option '\(name)' takes no value") }
                    try record(spec, "", as: name)
                }
                continue
            }
            if argument.hasPrefix("-"), argument.count > 1 {
                var rest = Substring(argument.dropFirst())
                while let letter = rest.first {
                    rest = rest.dropFirst()
                    let name = "-\(letter)"
                    guard let spec = spec(name) else { throw usageError("unknown option '\(name)'") }
                    if spec.value != nil {
                        if !rest.isEmpty {
                            try record(spec, String(rest), as: name)
                        } else {
                            guard index < arguments.count else { throw usageError("option '\(name)' needs a value") }
                            try record(spec, arguments[index], as: name)
                            index += 1
                        }
                        break
                    }
                    try record(spec, "", as: name)
                }
                continue
            }
            parsed.operands.append(argument)
        }
        return parsed
    }
}
