// feed-map: validate a feed response and create the image feed.
import FeedCommands
import FeedComposition
import FeedPlatform

CancelCourse.install()
FastPathInstallation.install()
exit(FeedMapCommand().run(Array(CommandLine.arguments.dropFirst()), .process(tool: "feed-map")))
