import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-cache image save and image load: the raw bytes round trip, failures in their place.
final class FeedCacheImageCommandTests: XCTestCase, FeedCacheCommandTesting {

    func test_run_imageSaveThenImageLoadRoundTripsTheRawBytes() {
        let store = InMemoryFeedStore()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]
        let input = BytesSource.lines(
            Fixture.responseRecord(url: "https://h/image-0", headers: [("Content-Type", "image/png")], body: png),
            Fixture.responseRecord(url: "https://h/image-1", body: "text bytes")
        )

        let saved = run(["image", "save"], stdin: input, store: store)
        let loaded = run(["image", "load", "https://h/image-0"], store: store)

        XCTAssertEqual(saved.code, 0)
        XCTAssertEqual(saved.stdout, "")
        XCTAssertEqual(saved.stderr, "")
        XCTAssertEqual(store.images, ["https://h/image-0": png, "https://h/image-1": Array("text bytes".utf8)])
        XCTAssertEqual(loaded.code, 0)
        XCTAssertEqual(loaded.io.output.bytes, png)
        XCTAssertEqual(loaded.stderr, "")
    }

    func test_run_imageSaveStoresTheGoodRecordsAndExitsWithTheFirstFailuresCode() {
        let store = InMemoryFeedStore()
        let passed = Fixture.errorRecord(url: "https://h/image-3", kind: "connectivity", message: "reset")

        let result = run(["image", "save"], stdin: .lines(
            Fixture.responseRecord(url: "https://h/image-0", status: 404, body: "nope"),
            Fixture.responseRecord(url: "https://h/image-1", body: [1, 2, 3]),
            Fixture.responseRecord(url: "https://h/image-2", body: ""),
            passed
        ), store: store)

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(store.images, ["https://h/image-1": [1, 2, 3]])
        XCTAssertEqual(result.stderrLines.count, 2, result.stderr)
        XCTAssertTrue(result.stderrLines.first?.hasPrefix("feed-cache: https://h/image-0: ") == true, result.stderr)
        XCTAssertEqual(result.stdoutLines.last, passed)
        XCTAssertEqual(errorKinds(result), ["invalid-data", "invalid-data", "connectivity"])
    }

    func test_run_imageLoadOfAURLNotCachedIsNotFound() {
        let result = run(["image", "load", "https://h/image-9"], store: InMemoryFeedStore(images: ["https://h/image-0": [1]]))

        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.stderr, "feed-cache: https://h/image-9: no image data in the cache\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(url: "https://h/image-9", kind: "not-found", message: "no image data in the cache") + "\n")
    }

    func test_run_imageLoadIs74WhenTheStoreCannotBeRead() {
        let result = run(["image", "load", "https://h/image-0"], store: FailingStore(), stdoutIsTerminal: true)

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderrLines.count, 1)
    }

    func test_run_imageSaveIs74WhenTheStoreCannotWrite() {
        let result = run(["image", "save"], stdin: .lines(Fixture.responseRecord(url: "https://h/image-0", body: [1])), store: FailingStore())

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(errorKinds(result), ["saving"])
        XCTAssertEqual(result.stderrLines.count, 1)
    }
}

extension FeedCacheImageCommandTests {
    /// Image data has no age: `--max-age` is refused where only image data is read or written.
    func test_run_imageSaveAndImageLoadRefuseMaxAge() {
        for arguments in [["--max-age", "3d", "image", "save"], ["image", "load", "https://h/0", "--max-age=1h"]] {
            let store = InMemoryFeedStore()

            let result = run(arguments, stdin: .lines(Fixture.responseRecord(url: "https://h/0", body: [1])), store: store)

            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("takes no --max-age"), result.stderr)
            XCTAssertEqual(store.images, [:], "\(arguments)")
        }
    }
}
