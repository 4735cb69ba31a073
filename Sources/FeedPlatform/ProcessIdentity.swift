/// getpid(2) and geteuid(2): who this process is.
public enum ProcessIdentity {
    /// This process's id.
    public static var processID: pid_t { getpid() }

    /// The user whose rights this process has (the owner of the files it makes).
    public static var effectiveUserID: uid_t { geteuid() }
}
