// feed-fixture-server [--port N] [--exact-ids] DIR
//
// Serves the case study's API on 127.0.0.1 over GET (and HEAD), from the files of DIR
// (LoopbackRoutes.feedAPI):
//
//   /v1/feed                           DIR/v1/feed (else DIR/v1/feed.json), byte for byte
//   /v1/feed?limit=N&after_id=ID       a page of it: the N items after item ID (400 for an
//                                      ID no item has, a bad limit, a parameter given twice)
//   /v1/image/{id}/comments            DIR/v1/image/{id}/comments, for an id of the feed
//                                      spelt as the feed spells it; {"items":[]} for an id of
//                                      the feed without that file; 404 for any other id
//   anything else                      the file under DIR, as is
//
// Ids in requests are compared with the feed's as UUIDs, case-insensitively (as a server
// that stores them as UUIDs does); with --exact-ids, byte for byte (as a server that keeps
// them as text does: `after_id` must be spelt as the feed spells it).
// Prints the base URL as its one line of output, then serves until SIGINT or SIGTERM, and
// exits 0.

import FeedPlatform
import LoopbackHTTP

let toolName = "feed-fixture-server"
/// Its options, each spelt here once.
let portOption = "--port", exactIDsOption = "--exact-ids", helpOptions = ["-h", "--help"]
let usage = "usage: \(toolName) [\(portOption) N] [\(exactIDsOption)] DIR"

func fail(_ message: String) -> Never {
    fputs("\(toolName): \(message)\n", stderr)
    exit(1)
}

func parsePort(_ text: String) -> UInt16 {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), text.count <= 5,
          let value = Int(text), value <= 65535 else {
        fail("invalid port '\(text)' (expected 0-65535)")
    }
    return UInt16(value)
}

var port: UInt16 = 0
var matching = LoopbackRoutes.IDMatching.uuid
var directory: String?
var arguments = CommandLine.arguments.dropFirst()
var optionsEnded = false
while let argument = arguments.popFirst() {
    if !optionsEnded && argument == "--" {
        optionsEnded = true
    } else if !optionsEnded && helpOptions.contains(argument) {
        print(usage)
        exit(0)
    } else if !optionsEnded && argument == portOption {
        guard let value = arguments.popFirst() else { fail("\(portOption) needs a value; \(usage)") }
        port = parsePort(value)
    } else if !optionsEnded && argument.hasPrefix(portOption + "=") {
        port = parsePort(String(argument.dropFirst(portOption.count + 1)))
    } else if !optionsEnded && argument == exactIDsOption {
        matching = .exact
    } else if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
        fail("unknown option '\(argument)'; \(usage)")
    } else if directory == nil {
        directory = argument
    } else {
        fail("unexpected argument '\(argument)'; \(usage)")
    }
}

guard let directory else { fail("missing DIR; \(usage)") }
let info: stat
do {
    info = try DirectoryCalls.statusFollowingLinks(directory)
} catch {
    fail("\(directory): \(error)")
}
guard info.st_mode & S_IFMT == S_IFDIR else { fail("\(directory): not a directory") }

// Block the stop signals before any server thread exists, so that every thread inherits
// the mask and `Signals.wait` below is the one place they arrive. A shell starts background jobs
// with SIGINT ignored, and an ignored signal is never waited for: restore the default first.
let stopSignals = [SIGINT, SIGTERM]
Signals.restoreDefault(stopSignals)
Signals.block(stopSignals)

let server: LoopbackServer
do {
    server = try LoopbackServer(port: port, handler: LoopbackRoutes.feedAPI(in: directory, matching: matching))
} catch {
    fail("\(error)")
}

print(server.baseURL)
fflush(stdout)

_ = Signals.wait(for: stopSignals)
server.stop()
exit(0)
