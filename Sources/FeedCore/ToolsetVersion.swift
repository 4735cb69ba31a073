/// The version every command prints for `--version`.
public enum ToolsetVersion {
    public static let string = "0.1.0"
}
