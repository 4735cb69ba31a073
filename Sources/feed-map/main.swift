// feed-map: validate a feed response and create the image feed.
import FeedCommands
import FeedPlatform

CancelCourse.install()
exit(FeedMapCommand().run(Array(CommandLine.arguments.dropFirst()), .process(tool: "feed-map")))
