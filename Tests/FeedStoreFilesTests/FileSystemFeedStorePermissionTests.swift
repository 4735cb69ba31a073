import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// Directories 0700 and files 0600, whatever the umask.
final class FileSystemFeedStorePermissionTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_insert_createsDirectoriesMode0700AndFilesMode0600WithARestrictiveUmask() throws {
        try expectPrivatePermissions(underUmask: 0o077)
    }

    func test_insert_createsDirectoriesMode0700AndFilesMode0600WithAnOpenUmask() throws {
        try expectPrivatePermissions(underUmask: 0)
    }

    func test_insert_createsDirectoriesMode0700AndFilesMode0600WithTheUsualUmask() throws {
        try expectPrivatePermissions(underUmask: 0o022)
    }
}
