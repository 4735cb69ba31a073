// feed-fetch: "System downloads data from the URL." One response record per URL.
import FeedCommands
import FeedCore
import FeedCurl
import FeedPlatform
import FeedStoreFiles

CancelCourse.install()
let io = StandardIO.process(tool: "feed-fetch")
let command = FeedFetchCommand(client: { (settings) throws(ToolError) in
    try CurlHTTPClient(CurlSettings(limits: settings.limits, concurrency: settings.concurrency, headers: settings.headers.map(\.line),
                                    caFile: settings.caFile, environment: io.environment))
}, store: { directory in
    FileSystemFeedStore(path: directory, temporaries: UnwatchedTemporaryFiles())
})
exit(command.run(Array(CommandLine.arguments.dropFirst()), io))
