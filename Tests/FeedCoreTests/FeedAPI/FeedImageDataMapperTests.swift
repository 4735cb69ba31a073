import XCTest
import FeedCore

final class FeedImageDataMapperTests: XCTestCase {

    func test_map_throwsInvalidDataOnNon200HTTPResponse() {
        for status in [199, 201, 300, 400, 500] {
            XCTAssertThrowsError(try FeedImageDataMapper.map(status: status, body: anyData), "status \(status)") { error in
                XCTAssertEqual(error as? ToolError, ToolError(.invalidData, "status \(status), expected 200"))
            }
        }
    }

    func test_map_throwsInvalidDataOn200HTTPResponseWithEmptyData() {
        XCTAssertThrowsError(try FeedImageDataMapper.map(status: 200, body: [])) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .invalidData)
        }
    }

    func test_map_throwsInvalidDataOnNon200HTTPResponseWithEmptyData() {
        XCTAssertThrowsError(try FeedImageDataMapper.map(status: 404, body: [])) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .invalidData)
        }
    }

    func test_map_deliversReceivedNonEmptyDataOn200HTTPResponse() throws {
        XCTAssertEqual(try FeedImageDataMapper.map(status: 200, body: anyData), anyData)
    }

    func test_map_deliversBinaryDataUnchanged() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFE]
        let everyByte = (0...255).map(UInt8.init)

        XCTAssertEqual(try FeedImageDataMapper.map(status: 200, body: png), png)
        XCTAssertEqual(try FeedImageDataMapper.map(status: 200, body: everyByte), everyByte)
        XCTAssertEqual(try FeedImageDataMapper.map(status: 200, body: [0]), [0])
    }

    // MARK: - Helpers

    private let anyData: [UInt8] = Array("any data".utf8)
}
