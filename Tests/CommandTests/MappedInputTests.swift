import FeedCore
import FeedStoreFiles
import Foundation
import XCTest
import FeedPlatform

/// feed-map with standard input redirected from a file, which it maps instead
/// of reading (and whose pages it gives back as it reads past them): the
/// same output as from a pipe, the file offset honoured, and a file cut short
/// under the mapping reported as an error, not a crash.
final class MappedInputTests: XCTestCase {
    func test_map_fromAFile_writesExactlyWhatItWritesFromAPipe() throws {
        // A payload large enough to be split between two threads and to be given
        // back page by page, then a small record after it.
        var bytes = largeRecord(items: 60_000)
        bytes.append(0x0A)
        bytes.append(contentsOf: smallRecord(url: "http://h/small"))
        let (fromFile, fromPipe) = try mapFromFileAndFromPipe(bytes)

        XCTAssertEqual(fromFile.status, 0, fromFile.err)
        XCTAssertEqual(fromFile.err, "")
        XCTAssertEqual(fromFile.outLines.count, 2)
        XCTAssertEqual(fromFile.stdout, fromPipe.stdout)
        XCTAssertEqual(fromFile.outLines.first.map { $0.hasPrefix("{\"items\":[{\"id\":\"") }, true)
    }

    /// Small records before a large one: for each small record the second
    /// thread starts at a split that lies in the large record, and is called
    /// off when the small one ends (it once went on, and 2,000 small records
    /// took 40 seconds).
    func test_map_fromAFile_smallRecordsBeforeALargeOne_allMappedInOrder() throws {
        var bytes: [UInt8] = []
        for index in 0..<300 {
            bytes.append(contentsOf: smallRecord(url: "http://h/\(index)", id: "\(hex(index, 8))-0000-4000-8000-000000000000"))
            bytes.append(0x0A)
        }
        bytes.append(contentsOf: largeRecord(items: 40_000))
        let (fromFile, fromPipe) = try mapFromFileAndFromPipe(bytes)

        XCTAssertEqual(fromFile.status, 0, fromFile.err)
        XCTAssertEqual(fromFile.outLines.count, 301)
        XCTAssertEqual(fromFile.outLines.first, "{\"items\":[{\"id\":\"00000000-0000-4000-8000-000000000000\",\"url\":\"https://images.example/1.jpg\"}]}")
        XCTAssertEqual(fromFile.stdout, fromPipe.stdout)
    }

    func test_map_fromAFile_reportsAFlawLateInALargePayloadAsFromAPipe() throws {
        // The bad item comes after pages of the payload were given back: the
        // reference path reads them again from the file to name the flaw.
        var bytes = largeRecord(items: 60_000, badItemAt: 59_000)
        bytes.append(0x0A)
        bytes.append(contentsOf: smallRecord(url: "http://h/after"))
        let (fromFile, fromPipe) = try mapFromFileAndFromPipe(bytes)

        XCTAssertEqual(fromFile.status, 65, fromFile.err)
        XCTAssertEqual(fromFile.errLines.count, 1, fromFile.err)
        XCTAssertTrue(fromFile.err.hasPrefix("feed-map: http://h/big: "), fromFile.err)
        XCTAssertEqual(fromFile.err, fromPipe.err)
        XCTAssertEqual(fromFile.stdout, fromPipe.stdout)
        XCTAssertEqual(fromFile.outLines.count, 2, "the error record, then the record after it mapped")
    }

    func test_map_fromAFile_startsAtTheFileOffsetAndReadsTheFileToItsEnd() throws {
        let directory = makeTemporaryDirectory(self)
        let input = directory + "/records"
        let first = smallRecord(url: "http://h/first", id: "11111111-2222-4333-8444-555555555555")
        let second = smallRecord(url: "http://h/second", id: "66666666-7777-4888-9999-AAAAAAAAAAAA")
        try writeFile(input, first + [0x0A] + second + [0x0A])

        // `read` takes the first line off the shared offset; feed-map maps the
        // rest; then `cat` finds nothing left, as after any reader.
        let result = try Command.sh("{ read -r line; feed-map; echo \"rest:$(cat)\"; } < \(shellQuote(input))")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.outLines, [
            "{\"items\":[{\"id\":\"66666666-7777-4888-9999-aaaaaaaaaaaa\",\"url\":\"https://images.example/1.jpg\"}]}",
            "rest:",
        ])
    }

    func test_map_fromAFileCutShortWhileMapped_exitsInvalidDataWithOneLineAndAnErrorRecord() throws {
        let directory = makeTemporaryDirectory(self)
        let input = directory + "/records"
        // The first document is larger than a pipe holds, so feed-map blocks
        // writing it while the test cuts the file short under the mapping.
        var bytes = largeRecord(items: 20_000)
        bytes.append(0x0A)
        bytes.append(contentsOf: smallRecord(url: "http://h/after"))
        try writeFile(input, bytes)

        let process = Process()
        process.executableURL = try URL(fileURLWithPath: Command.path("feed-map"))
        process.environment = Command.environment([:])
        let stdinHandle = try XCTUnwrap(FileHandle(forReadingAtPath: input))
        let output = Pipe(), errors = Pipe()
        process.standardInput = stdinHandle
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try stdinHandle.close()

        let reader = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(60)
        var waiting: Int32 = 0
        while ioctl(reader, UInt(FIONREAD), &waiting) == 0 && waiting < 65_536 && Date() < deadline { usleep(2_000) }
        XCTAssertGreaterThanOrEqual(waiting, 65_536, "feed-map fills the pipe and waits")
        XCTAssertEqual(truncate(input, 0), 0)

        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        XCTAssertEqual(process.terminationReason, .exit, "no crash")
        XCTAssertEqual(process.terminationStatus, 65)
        XCTAssertEqual(String(decoding: stderr, as: UTF8.self),
                       "feed-map: cannot read standard input: the file was cut short while it was read\n")
        let lines = String(decoding: stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, "the first document whole, then the error record")
        XCTAssertEqual(lines.first?.hasSuffix("]}"), true)
        XCTAssertEqual(lines.last, #"{"error":{"kind":"invalid-data","message":"cannot read standard input: the file was cut short while it was read"}}"#)
    }

    // MARK: - Inputs

    /// feed-map on `bytes` as a file on standard input, then as a pipe.
    private func mapFromFileAndFromPipe(_ bytes: [UInt8]) throws -> (file: CommandResult, pipe: CommandResult) {
        let input = makeTemporaryDirectory(self) + "/records"
        try writeFile(input, bytes)
        return (try Command.sh("feed-map < \(shellQuote(input))"), try Command.sh("cat \(shellQuote(input)) | feed-map"))
    }

    /// A response record as feed-fetch writes it, its payload `items` items
    /// long (about 150 bytes each); with `badItemAt`, that item's id is not a UUID.
    private func largeRecord(items: Int, badItemAt bad: Int? = nil) -> [UInt8] {
        var payload = "{\"items\":["
        payload.reserveCapacity(items * 160)
        for index in 0..<items {
            if index > 0 { payload += "," }
            let id = index == bad ? "not-a-uuid" : "\(hex(index, 8))-0000-4000-8000-\(hex(index * 7, 12))".lowercased()
            payload += "{\"id\":\"\(id)\",\"description\":\"item \(index) \\\"quoted\\\"\\nsecond line\","
            payload += "\"location\":\"São Paulo, Brazil\",\"image\":\"https://images.example/\(index).jpg\"}"
        }
        payload += "]}"
        var record = Array(#"{"url":"http://h/big","status":200,"headers":{"Content-Type":"application/json"},"body":"#.utf8)
        JSONWriter.appendString(payload, to: &record)
        record.append(UInt8(ascii: "}"))
        return record
    }

    private func smallRecord(url: String, id: String = "2ab2ae66-a4b7-4a16-b374-51bbac8db086") -> [UInt8] {
        let payload = "{\"items\":[{\"id\":\"\(id.lowercased())\",\"image\":\"https://images.example/1.jpg\"}]}"
        var record = Array("{\"url\":\"\(url)\",\"status\":200,\"headers\":{},\"body\":".utf8)
        JSONWriter.appendString(payload, to: &record)
        record.append(UInt8(ascii: "}"))
        return record
    }
}
