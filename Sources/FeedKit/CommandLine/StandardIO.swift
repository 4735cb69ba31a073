#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw file-descriptor I/O for the commands: whole reads, whole writes, no
/// buffering surprises between stdout and stderr.
public enum StandardIO {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Reads a descriptor to its end.
    public static func readAll(_ fd: Int32 = 0) throws(ToolError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = 1 << 16
        while true {
            let start = bytes.count
            bytes.reserveCapacity(start + chunk)
            var got = 0
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            got = bytes.withUnsafeMutableBufferPointer { buffer in
                read(fd, buffer.baseAddress! + start, chunk)
            }
            if got < 0 {
                if errno == EINTR { bytes.removeLast(chunk); continue }
                let reason = String(cString: strerror(errno))
                bytes.removeLast(chunk)
                throw ToolError(.invalidData, "cannot read standard input: \(reason)")
            }
            bytes.removeLast(chunk - got)
            if got == 0 { return bytes }
            if chunk < 1 << 22 { chunk *= 2 }
        }
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
