// feed-fetch: "System downloads data from the URL." One response record per URL.
import FeedCommands
import FeedCore
import FeedCurl
import FeedPlatform
import FeedStoreFiles

CancelCourse.install()
let io = StandardIO.process(tool: "feed-fetch")
let command = FeedFetchCommand(client: { (settings) throws(ToolError) in
    let trace = settings.verbose ? CurlTrace(hiding: settings.givenHeaderNames, labelsInputs: settings.concurrency > 1,
                                             write: io.errorsFromAnyThread) : nil
    return try CurlHTTPClient(CurlSettings(limits: settings.limits, concurrency: settings.concurrency, headers: settings.headers.map(\.line),
                                           caFile: settings.caFile, environment: io.environment, trace: trace))
}, store: { directory in
    FileSystemFeedStore(path: directory, temporaries: UnwatchedTemporaryFiles())
})
exit(command.run(Array(CommandLine.arguments.dropFirst()), io))
