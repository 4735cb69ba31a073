// feed-fetch: "System downloads data from the URL." One response record per URL.
import FeedCommands
import FeedNetworking
import FeedPlatform

CancelCourse.install()
let command = FeedFetchCommand { limits, concurrency in
    URLSessionHTTPClient(limits: limits, concurrency: concurrency)
}
exit(command.run(Array(CommandLine.arguments.dropFirst()), .process(tool: "feed-fetch")))
