// feed-cache: the local feed loader, image data loader, cache policy and store.
import FeedCommands
import FeedComposition
import FeedPlatform
import FeedStoreFiles

CancelCourse.install()
FastPathInstallation.install()
FileSizeLimit.reportInsteadOfCrashing()
let command = FeedCacheCommand { directory, lockWait in
    FileSystemFeedStore(path: directory, temporaries: CancelCourse.temporaryFiles, lockWait: lockWait)
}
exit(command.run(Array(CommandLine.arguments.dropFirst()), .process(tool: "feed-cache")))
