import FeedCore
import FeedPlatform

/// The process's standard input: read to its end, mapped when it is a
/// regular file and the command reads in place, or read as it comes.
struct StandardInputSource: ByteSource {
    let tool: String
    let stdoutIsTerminal: Bool

    var isTerminal: Bool { FileDescriptor.isTerminal(0) }

    func read() throws(ToolError) -> [UInt8] {
        do {
            return try FileDescriptor.readAll(0)
        } catch {
            throw ToolError(.invalidData, "cannot read standard input: \(error)")
        }
    }

    func map() throws(ToolError) -> InputBytes {
        if let mapped = mapInPlace() { return .mapped(mapped) }
        return .read(try read())
    }

    /// Standard input mapped, if it is a regular file that can be: the
    /// SIGBUS handler installed before, and told the mapping's range before
    /// anything reads it. Every mapping of the input is made here, so that
    /// a file cut short under any of them is reported as such.
    private func mapInPlace() -> UnsafeMutableBufferPointer<UInt8>? {
        let mapped = MappedFile.map(0) {
            MappedInputFault.install(tool: tool, stdoutIsTerminal: stdoutIsTerminal)
        }
        if let mapped { MappedInputFault.watch(mapped) }
        return mapped
    }

    /// Read a piece at a time, each taken by `bounds` before the next is
    /// read: `< /dev/zero` stops at its first byte, an endless stream at the
    /// limit (memory at most about one and a half times it, while the
    /// buffer grows); a regular file over the limit is refused by its size.
    func read(within bounds: inout InputBounds) throws(ToolError) -> [UInt8] {
        let size = regularFileSize()
        if let size { try bounds.refuse(size: size) }
        // One byte more than a file's size, to see its end (a size of 0, as
        // /proc's files give, says nothing).
        var capacity = min(size.flatMap { $0 > 0 ? $0 + 1 : nil } ?? 1 << 16, bounds.maxSize + 1)
        var bytes: [UInt8] = []
        while true {
            var failure: ToolError?
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                let raw = UnsafeMutableRawBufferPointer(buffer)
                previous.withUnsafeBytes { raw.copyMemory(from: $0) }
                count = previous.count
                do throws(ToolError) {
                    while count < capacity {
                        let piece = UnsafeMutableRawBufferPointer(rebasing: raw[count...])
                        let read = try readChunk(into: piece)
                        guard read > 0 else { return }
                        try bounds.take(UnsafeRawBufferPointer(rebasing: piece[..<read]))
                        count += read
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            if bytes.count < capacity { return bytes } // reached the end
            // Twice as large, or straight to the limit (and the byte that
            // shows it passed) rather than a last step just past it.
            capacity = capacity >= bounds.maxSize / 2 ? bounds.maxSize + 1 : capacity * 2
        }
    }

    func map(within bounds: inout InputBounds) throws(ToolError) -> InputBytes {
        if let size = regularFileSize() { try bounds.refuse(size: size) }
        if let mapped = mapInPlace() { return .mapped(mapped) }
        return .read(try read(within: &bounds))
    }

    private func regularFileSize() -> Int? {
        guard let info = try? FileDescriptor.status(0), (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// One read(2): what a pipe holds now, without waiting for the buffer to fill.
    func readChunk(into buffer: UnsafeMutableRawBufferPointer) throws(ToolError) -> Int {
        while true {
            do {
                return try FileDescriptor.readSome(0, into: buffer)
            } catch where error.code == EAGAIN { // a non-blocking pipe: wait for it
                _ = try? FileDescriptor.poll(0, for: Int16(POLLIN), milliseconds: -1)
            } catch {
                throw ToolError(.invalidData, "cannot read standard input: \(error)")
            }
        }
    }

    func awaitInput(milliseconds: Int) -> Bool {
        // A signal, or a failure of poll itself, is left to the read that follows.
        let events = (try? FileDescriptor.poll(0, for: Int16(POLLIN), milliseconds: Int32(clamping: max(milliseconds, 0)))) ?? -1
        return events != 0
    }
}
