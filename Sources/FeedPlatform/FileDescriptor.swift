/// Whole reads and writes on a file descriptor: the one write loop and the
/// one read loop of the package, retrying short transfers (and, through
/// `SystemCall`, interruptions).
public enum FileDescriptor {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Writes all of `bytes`; throws the error that stopped it (EPIPE when
    /// the reader went away, ENOSPC on a full disk).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            offset += try SystemCall.value { write(fd, base + offset, bytes.count - offset) }
        }
    }

    /// Writes all of `bytes` at `offset` in the file (pwrite), wherever the
    /// file's own offset is.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) throws(SystemError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            done += try SystemCall.value { pwrite(fd, base + done, bytes.count - done, off_t(offset + done)) }
        }
    }

    public static func writeAll(_ fd: Int32, _ bytes: [UInt8], at offset: Int) throws(SystemError) {
        let failure = bytes.withUnsafeBytes { raw -> SystemError? in
            do throws(SystemError) { try writeAll(fd, raw, at: offset) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
        let failure = bytes.withUnsafeBytes { raw -> SystemError? in
            do throws(SystemError) { try writeAll(fd, raw) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Reads into `buffer` until it is full or the input ends; how many bytes came.
    public static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        while count < buffer.count {
            let got = try SystemCall.value { read(fd, base + count, buffer.count - count) }
            if got == 0 { break }
            count += got
        }
        return count
    }

    /// Reads `fd` to its end. A regular file's size is known, so its bytes
    /// go into uninitialised memory at once; a pipe's into a buffer that
    /// doubles as it fills, so each byte is copied a bounded number of times.
    public static func readAll(_ fd: Int32) throws(SystemError) -> [UInt8] {
        let info = try? status(fd)
        let size = info.map { ($0.st_mode & S_IFMT) == S_IFREG } == true ? Int(info?.st_size ?? 0) : 0
        var bytes: [UInt8] = []
        var used = 0
        var capacity = size > 0 ? size + 1 : 1 << 16 // one byte more to see a file's end
        while true {
            var failure: SystemError?
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                let raw = UnsafeMutableRawBufferPointer(buffer)
                previous.withUnsafeBytes { old in raw.copyMemory(from: old) }
                do throws(SystemError) {
                    count = used + (try readFully(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[used...])))
                } catch {
                    failure = error
                    count = used
                }
            }
            if let failure { throw failure }
            if bytes.count < capacity { return bytes } // reached the end
            used = bytes.count
            capacity *= 2
        }
    }
}
