#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input as one buffer: mapped from the file when it is a regular
/// file (no copy: the pages come from the page cache, and can be given back
/// as they are read past), else read to its end.
public enum StandardInput {
    /// The file's bytes from the current offset on, mapped private and
    /// writable (a write changes this process's copy only).
    case mapped(UnsafeMutableBufferPointer<UInt8>)
    case read([UInt8])

    /// Maps standard input if it is a regular file of some size; nil if it
    /// is not (or the mapping fails): read it then. The file offset moves to
    /// the end, as if it had been read. A file cut short while mapped would
    /// raise SIGBUS when the missing pages are touched: that ends the command
    /// with `truncated`'s message and exit code instead of a crash.
    static func map(tool: String, stdoutIsTerminal: Bool) -> UnsafeMutableBufferPointer<UInt8>? {
        var info = stat()
        guard fstat(0, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let offset = lseek(0, 0, SEEK_CUR)
        guard offset >= 0, Int(info.st_size) > Int(offset) else { return nil }
        let page = off_t(max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096))
        let aligned = offset / page * page
        let skip = Int(offset - aligned)
        let length = Int(info.st_size - aligned)
        MappedInputFault.install(tool: tool, stdoutIsTerminal: stdoutIsTerminal)
        guard let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, 0, aligned), mapping != MAP_FAILED else {
            return nil
        }
        #if os(Linux)
        _ = madvise(mapping, length, MADV_SEQUENTIAL)
        #endif
        lseek(0, info.st_size, SEEK_SET)
        return UnsafeMutableBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self) + skip, count: length - skip)
    }

    /// What a file cut short under the mapping is reported as.
    public static let truncated = ToolError(.invalidData, "cannot read standard input: the file was cut short while it was read")
}

/// The SIGBUS handler for mapped input: the stderr line and the error record
/// are made beforehand, so the handler only writes them and exits.
private enum MappedInputFault {
    nonisolated(unsafe) static var message: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) static var messageCount = 0
    nonisolated(unsafe) static var record: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) static var recordCount = 0

    static func install(tool: String, stdoutIsTerminal: Bool) {
        guard message == nil else { return }
        let error = StandardInput.truncated
        (message, messageCount) = copy(Array("\(tool): \(error.message)\n".utf8))
        if !stdoutIsTerminal {
            (record, recordCount) = copy(JSONWriter().line(ErrorRecord(url: nil, error).json))
        }
        let handler: @convention(c) (Int32) -> Void = { _ in
            if let message = MappedInputFault.message { _ = write(2, message, MappedInputFault.messageCount) }
            if let record = MappedInputFault.record { _ = write(1, record, MappedInputFault.recordCount) }
            _exit(ExitCode.invalidData)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGBUS, &action, nil)
    }

    private static func copy(_ bytes: [UInt8]) -> (UnsafeMutablePointer<UInt8>, Int) {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        pointer.initialize(from: bytes, count: bytes.count)
        return (pointer, bytes.count)
    }
}
