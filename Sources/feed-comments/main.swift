// feed-comments: validate a comments response, create the comments, and present them.
import FeedKit

let help = """
usage: feed-comments [--pretty] [--format json|text]

Read response records (from feed-fetch) or bare {"items":[...]} payloads on
standard input and write one comments document for each. The status must be
2xx and every comment valid, else the record is invalid-data.

      --pretty          indent the documents for people
      --format FORMAT   json (default), or text: username, how long ago, message
  -h, --help            show this help and exit
      --version         show the version and exit
"""

CancelCourse.install()
let stage = Stage(tool: "feed-comments")
let arguments = stage.parse(ArgumentParser(tool: "feed-comments", options: [
    OptionSpec("--pretty"),
    OptionSpec("--format", value: "FORMAT"),
    OptionSpec("-h", "--help"),
    OptionSpec("--version"),
]), Array(CommandLine.arguments.dropFirst()), help: help)

guard arguments.operands.isEmpty else { stage.usage("unexpected argument '\(arguments.operands[0])'") }
let format = OutputFormat.parse(arguments, stage: stage)

func emit(_ comments: [ImageComment]) {
    switch format {
    case .json: stage.emit(ImageCommentsMapper.document(comments))
    case .text: stage.emit(bytes: Array(TextFormat.comments(comments, now: SystemClock.now().seconds).utf8))
    }
}

var records = RecordReader(stage.readInput(expecting: "response records"))
while let next = records.next() {
    do {
        switch try next.get() {
        case .response(let response):
            do {
                emit(try ImageCommentsMapper.map(status: response.status, body: response.body))
            } catch {
                stage.fail(error, url: response.url)
            }
        case .document(let payload):
            emit(try ImageCommentsMapper.map(payload: payload))
        case .error(let record):
            stage.passOn(record)
        }
    } catch {
        stage.fail(error)
    }
}
stage.finish()
