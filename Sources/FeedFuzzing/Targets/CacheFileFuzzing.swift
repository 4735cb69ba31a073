import FeedCore
import FeedPlatform
import FeedStoreFiles

/// Any bytes as a cache's feed file, and as an image file: the store either
/// reports `retrieval` or returns what it finds, and what it returns is
/// exactly what saving it writes, byte for byte (the file is one that was
/// saved, not a near miss let through). A feed file of an earlier format
/// (1, before validators were kept; 2, with them before the document) is
/// saved again as format 3: that file must read back as the same feed.
enum CacheFileFuzzing {
    static let name = "cache-file"
    private static let expect = FuzzCheck(target: name)
    static let imageURL = "http://127.0.0.1/image.png"

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        guard let scratch = FuzzScratchDirectory.shared else { throw expect.fail("no scratch directory") }
        let found = scratch.subdirectory("found"), saved = scratch.subdirectory("saved")
        _ = scratch.subdirectory("found/images")
        let imageName = SHA256.hex(Array(imageURL.utf8))
        guard FuzzScratchDirectory.write(input, to: "\(found)/feed"),
              FuzzScratchDirectory.write(input, to: "\(found)/images/\(imageName)") else {
            throw expect.fail("cannot write into \(scratch.path)")
        }
        let store = FileSystemFeedStore(path: found, temporaries: UnwatchedTemporaryFiles())
        let resaved = FileSystemFeedStore(path: saved, temporaries: UnwatchedTemporaryFiles())
        if let feed = try retrieval({ try store.retrieve() }), let feed {
            let copy = CachedFeed(document: feed.document.array, timestamp: feed.timestamp, validators: feed.validators)
            try saving { try resaved.insert(copy, keepingImageDataFor: []) }
            if input.starts(with: Array("essential-feed-cache 1 ".utf8)) || input.starts(with: Array("essential-feed-cache 2 ".utf8)) {
                let reread = try retrieval({ try resaved.retrieve() }) ?? nil
                try expect.require(reread == copy, "a format 1 or 2 feed file that does not read back the same once saved")
                try expect.require(feed.validators == nil || input.starts(with: Array("essential-feed-cache 2 ".utf8)),
                                   "a format 1 feed file read with validators")
            } else {
                try expect.require(FuzzScratchDirectory.read("\(saved)/feed") == input, "a feed file read that saving would not write")
            }
        }
        if let data = try retrieval({ try store.retrieve(dataForURL: imageURL) }), let data {
            try saving { if let failure = resaved.insert(eachOf: [(data, imageURL)])[0] { throw failure } }
            try expect.require(FuzzScratchDirectory.read("\(saved)/images/\(imageName)") == input,
                               "an image file read that saving would not write")
        }
    }

    /// The value, or nil after a `retrieval` error; any other failure is a finding.
    private static func retrieval<T>(_ body: () throws -> T) throws(FuzzFinding) -> T? {
        do {
            return try body()
        } catch let error as StoreError {
            try expect.require(error.kind == .retrieval, "a \(error.kind) error on retrieval: \(error.reason)")
            return nil
        } catch {
            throw expect.fail("retrieval failed with \(error)")
        }
    }

    private static func saving(_ body: () throws -> Void) throws(FuzzFinding) {
        do {
            try body()
        } catch {
            throw expect.fail("saving what was read failed: \(error)")
        }
    }
}
