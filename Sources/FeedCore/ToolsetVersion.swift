/// The version every command prints for `--version`.
///
/// The one place the number is written: the Makefile reads it from this line
/// (VERSION, for `make dist` and `make deb`), and CHANGELOG.md's newest
/// heading must name it (PackagingTests).
public enum ToolsetVersion {
    public static let string = "0.1.0"
}
