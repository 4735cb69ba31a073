import FeedKit
