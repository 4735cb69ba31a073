/// getenv(3): the process's environment, read only.
public enum ProcessEnvironment {
    /// The value of `name`, nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
