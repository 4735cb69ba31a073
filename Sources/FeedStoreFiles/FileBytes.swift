import FeedCore
import FeedPlatform

/// What a cache file is written from: small parts as arrays, a large
/// document as the bytes that already hold it (written, never copied).
protocol FileBytes {
    func write(to file: Int32) throws(SystemError)
}

extension Array: FileBytes where Element == UInt8 {
    func write(to file: Int32) throws(SystemError) {
        try FileDescriptor.writeAll(file, self)
    }
}

extension CachedBytes: FileBytes {
    func write(to file: Int32) throws(SystemError) {
        try withUnsafeBytes { (bytes) throws(SystemError) in try FileDescriptor.writeAll(file, bytes) }
    }
}
