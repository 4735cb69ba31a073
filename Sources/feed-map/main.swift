// feed-map: validate a feed response and create the image feed.
import FeedKit

let help = """
usage: feed-map [--schema images|spots] [--pretty] [--format json|text]

Read response records (from feed-fetch) or bare {"items":[...]} payloads on
standard input and write one feed document for each. The status must be 200
and every item valid, else the record is invalid-data.

      --schema NAME     item model: images (default) or spots
      --pretty          indent the documents for people
      --format FORMAT   json (default), or text: a readable list
  -h, --help            show this help and exit
      --version         show the version and exit
"""

CancelCourse.install()
let stage = Stage(tool: "feed-map")
let arguments = stage.parse(ArgumentParser(tool: "feed-map", options: [
    OptionSpec("--schema", value: "NAME"),
    OptionSpec("--pretty"),
    OptionSpec("--format", value: "FORMAT"),
    OptionSpec("-h", "--help"),
    OptionSpec("--version"),
]), Array(CommandLine.arguments.dropFirst()), help: help)

guard arguments.operands.isEmpty else { stage.usage("unexpected argument '\(arguments.operands[0])'") }
let schemaName = arguments.value("--schema") ?? FeedSchema.images.rawValue
guard let schema = FeedSchema(rawValue: schemaName) else { stage.usage("unknown schema '\(schemaName)' (images or spots)") }
let format = OutputFormat.parse(arguments, stage: stage)

switch stage.mapInput(expecting: "response records") {
case .mapped(let input):
    FeedMapping.run(input, releasesInput: true, schema: schema, format: format, stage: stage)
case .read(var input):
    FeedMapping.run(&input, schema: schema, format: format, stage: stage)
}
stage.finish()
