/// The exit codes, from sysexits(3), plus the two signal codes of the cancel course.
public enum ExitCode {
    public static let success: Int32 = 0
    public static let usage: Int32 = 64        // EX_USAGE
    public static let invalidData: Int32 = 65  // EX_DATAERR
    public static let notFound: Int32 = 66     // EX_NOINPUT
    public static let connectivity: Int32 = 69 // EX_UNAVAILABLE
    public static let ioError: Int32 = 74      // EX_IOERR
    public static let deferred: Int32 = 75     // EX_TEMPFAIL: the server asked to wait
    public static let interrupted: Int32 = 130 // 128 + SIGINT
    public static let terminated: Int32 = 143  // 128 + SIGTERM
}
