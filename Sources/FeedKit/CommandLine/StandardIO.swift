#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw file-descriptor I/O for the commands: whole reads, whole writes, no
/// buffering surprises between stdout and stderr.
public enum StandardIO {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Reads a descriptor to its end. The buffer doubles as it fills, so each
    /// byte is zeroed and copied a bounded number of times.
    public static func readAll(_ fd: Int32 = 0) throws(ToolError) -> [UInt8] {
        var info = stat()
        let isFile = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        var failure: Int32 = 0
        // A regular file's size is known: read it into uninitialised capacity
        // (no byte zeroed first), one byte more to see its end.
        var bytes = [UInt8](unsafeUninitializedCapacity: isFile ? Int(info.st_size) + 1 : 0) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            while count < buffer.count {
                let got = read(fd, base + count, buffer.count - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { return }
                count += got
            }
        }
        if failure != 0 {
            throw ToolError(.invalidData, "cannot read standard input: \(String(cString: strerror(failure)))")
        }
        if isFile && bytes.count < Int(info.st_size) + 1 { return bytes } // reached the end
        // A pipe (or a file that grew): a buffer that doubles as it fills, so
        // each byte is zeroed and copied a bounded number of times.
        var used = bytes.count
        bytes.append(contentsOf: [UInt8](repeating: 0, count: max(1 << 16, used)))
        while true {
            if used == bytes.count {
                bytes.append(contentsOf: [UInt8](repeating: 0, count: bytes.count))
            }
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(fd, base + used, buffer.count - used)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw ToolError(.invalidData, "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            used += got
        }
        bytes.removeSubrange(used...)
        return bytes
    }

    /// Writes all of `bytes`, retrying short writes. Returns false if the
    /// descriptor is gone (EPIPE and the like).
    @discardableResult
    public static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return true }
                let wrote = Glibc.write(fd, base + offset, raw.count - offset)
                if wrote < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += wrote
            }
            return true
        }
    }

    public static func write(_ fd: Int32, _ text: String) -> Bool {
        write(fd, Array(text.utf8))
    }
}
