import Foundation
import XCTest
import FeedCore
import FeedPlatform

// MARK: - Errors

public struct CacheTestError: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public init(reason: String = "any store failure") { self.reason = reason }
    public var description: String { reason }
}

public func anyStoreFailure() -> Error { CacheTestError() }

// MARK: - Feeds

/// A feed for the cache: the validated `LocalFeed`, the exact compact bytes
/// the loader must store for it, and the image URLs it must keep.
public struct CacheTestFeed {
    public let local: LocalFeed
    public let document: [UInt8]
    public let imageURLs: Set<String>
}

/// Parses `text` as the JSON object a feed document is.
public func cacheTestObject(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONObject {
    do {
        guard case .object(let object) = try JSONReader.parseSingle(Array(text.utf8)) else {
            XCTFail("not a JSON object: \(text)", file: file, line: line)
            return JSONObject()
        }
        return object
    } catch {
        XCTFail("not JSON (\(error)): \(text)", file: file, line: line)
        return JSONObject()
    }
}

/// A feed of two items with fresh ids and URLs, one with every optional key
/// and one with none.
public func uniqueFeed(file: StaticString = #filePath, line: UInt = #line) -> CacheTestFeed {
    let first = (id: UUID().uuidString, url: "https://image-host.example/\(UUID().uuidString)")
    let second = (id: UUID().uuidString, url: "https://image-host.example/\(UUID().uuidString)")
    let text = #"{"items":[{"id":"\#(first.id)","description":"a description","location":"a location","url":"\#(first.url)"},{"id":"\#(second.id)","url":"\#(second.url)"}]}"#
    let local: LocalFeed
    do {
        local = try LocalFeed(validating: cacheTestObject(text, file: file, line: line))
    } catch {
        XCTFail("uniqueFeed() is not a valid feed: \(error)", file: file, line: line)
        local = try! LocalFeed(validating: cacheTestObject(#"{"items":[]}"#))
    }
    return CacheTestFeed(local: local, document: Array((text + "\n").utf8), imageURLs: [first.url, second.url])
}

/// A cached feed holding `uniqueFeed()`'s document, saved at `timestamp`.
public func uniqueCachedFeed(savedAt timestamp: Timestamp) -> CachedFeed {
    CachedFeed(document: uniqueFeed().document, timestamp: timestamp)
}

// MARK: - Time

extension Timestamp {
    /// A fixed "now" for the tests: 2025-11-21T22:00:00.250Z.
    public static let cacheTestNow = Timestamp(seconds: 1_763_762_400, nanoseconds: 250_000_000)

    /// The save time at which a feed expires exactly now.
    public func minusFeedCacheMaxAge(_ maxAge: Int64 = FeedCachePolicy.defaultMaxAge) -> Timestamp {
        adding(seconds: -maxAge)
    }

    /// The instant `delta` nanoseconds later (or earlier), normalised.
    public func adding(nanoseconds delta: Int64) -> Timestamp {
        let total = nanoseconds + delta
        var seconds = self.seconds + total / 1_000_000_000
        var rest = total % 1_000_000_000
        if rest < 0 { rest += 1_000_000_000; seconds -= 1 }
        return Timestamp(seconds: seconds, nanoseconds: rest)
    }
}

// MARK: - Leaks

extension XCTestCase {
    public func trackCacheObjectForLeaks(_ instance: AnyObject, file: StaticString = #filePath, line: UInt = #line) {
        addTeardownBlock { [weak instance] in
            XCTAssertNil(instance, "Instance should have been deallocated. Potential memory leak.", file: file, line: line)
        }
    }
}

// MARK: - Directories and files

extension XCTestCase {
    /// A new empty directory, removed with everything in it after the test.
    public func makeCacheTestDirectory(file: StaticString = #filePath, line: UInt = #line) -> String {
        let path = NSTemporaryDirectory() + "/feedkit-cache-tests-\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            XCTFail("cannot create \(path): \(error)", file: file, line: line)
        }
        addTeardownBlock {
            try? FileManager.default.removeItem(atPath: path)
        }
        return path
    }
}

/// Every path under `root`, relative to it, found without following symbolic
/// links, sorted.
public func cacheTestTree(_ root: String) -> [String] {
    var found: [String] = []
    func walk(_ relative: String) {
        let directory = relative.isEmpty ? root : root + "/" + relative
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            let child = relative.isEmpty ? name : relative + "/" + name
            found.append(child)
            if cacheTestFileType(root + "/" + child) == S_IFDIR { walk(child) }
        }
    }
    walk("")
    return found.sorted()
}

/// The file type bits (`S_IFREG`, `S_IFDIR`, `S_IFLNK`…) of `path`, not
/// following a final symbolic link; nil if nothing is there.
public func cacheTestFileType(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
}

/// The permission bits of `path` (not following a final symbolic link).
public func cacheTestPermissions(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}

public func cacheTestRead(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

public func cacheTestWrite(_ bytes: [UInt8], to path: String, file: StaticString = #filePath, line: UInt = #line) {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        XCTFail("cannot write \(path)", file: file, line: line)
        return
    }
}

/// Runs `body` with the process umask set to `mask`, then restores it.
public func withCacheTestUmask<T>(_ mask: mode_t, _ body: () throws -> T) rethrows -> T {
    let previous = umask(mask)
    defer { umask(previous) }
    return try body()
}

extension FeedStore {
    /// Deletes the cached feed whatever it holds.
    public func deleteCachedFeed() throws {
        try deleteCachedFeed { _ in true }
    }
}
