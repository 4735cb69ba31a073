/// The states a power cut may leave under `root`, replayed from the file
/// operations of a command on a tree that was wholly on disk before it. The
/// model: the operations happen in order; a file's data is on disk only as
/// of its last flush (fsync, fdatasync, syncfs), and so are a folder's names.
/// At each point of the trace two states are built:
///
/// - every name operation so far persisted, but each file's data only as of
///   its last flush (a rename reached the disk before the data it names);
/// - each folder's names, and each file's data, only as of its last flush.
///
/// The last point is the state after the command exited: what it promises
/// when it exits 0.
public struct CrashStates {
    /// Each point's two states, in order (the first: before any operation).
    public private(set) var states: [(point: Int, inOrder: FileTree, flushedOnly: FileTree)] = []

    public init(before: FileTree, root: String, operations: [FileOperation]) {
        var model = FileSystemModel(before, root: root)
        states = [(0, model.tree(durableNames: false), model.tree(durableNames: true))]
        for (index, operation) in operations.enumerated() {
            model.apply(operation)
            states.append((index + 1, model.tree(durableNames: false), model.tree(durableNames: true)))
        }
    }

    /// The states after the command exited (every operation done).
    public var afterExit: [FileTree] {
        guard let last = states.last else { return [] }
        return [last.inOrder, last.flushedOnly]
    }

    /// Every distinct state.
    public var distinct: Set<FileTree> { Set(states.flatMap { [$0.inOrder, $0.flushedOnly] }) }
}
