import FeedCore
import FeedPlatform
import Synchronization

/// Where a large payload is shared between two threads.
enum PayloadSplit {
    /// A comma then an object's start near the middle of the range. Whether
    /// it is a boundary between two items of the feed (and not inside a
    /// string or a nested array) `scanPayload` tells when it gets there.
    static func find(_ base: UnsafeMutablePointer<UInt8>, in range: Range<Int>, boundary: StaticString) -> Int? {
        let length = boundary.utf8CodeUnitCount
        var position = range.lowerBound + range.count / 2
        let limit = range.upperBound - length
        while position < limit {
            guard let found = memchr(base + position, 0x2C, limit - position) else { return nil }
            let comma = UnsafeMutableRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            if memcmp(base + comma, boundary.utf8Start, length) == 0 { return comma }
            position = comma + 1
        }
        return nil
    }
}
