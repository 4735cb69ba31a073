// feed-comments: validate a comments response, create the comments, and present them.
import FeedCommands
import FeedPlatform

CancelCourse.install()
exit(FeedCommentsCommand().run(Array(CommandLine.arguments.dropFirst()), .process(tool: "feed-comments")))
