/// The calls on a path that may end in a symbolic link to follow (a
/// directory named on a command line).
extension DirectoryCalls {
    /// stat(2) of `path` (relative to `directory`), a symbolic link followed:
    /// what it names, unlike `status(_:in:)`, which sees the link itself.
    public static func statusFollowingLinks(_ path: String, in directory: Int32 = AT_FDCWD) throws(SystemError) -> stat {
        var info = stat()
        _ = try SystemCall.value { fstatat(directory, path, &info, 0) }
        return info
    }
}
