/// The files and folders under `root` as the operations of a trace change
/// them, each with what is on disk for sure: a file's data and a folder's
/// names as of their last flush (`CrashStates`).
struct FileSystemModel {
    private enum Node {
        case file(content: [UInt8], durable: [UInt8])
        case directory(names: [String: Int], durable: [String: Int])
    }

    private var nodes: [Node] = []
    private let root: String

    /// The model of `tree`, wholly on disk.
    init(_ tree: FileTree, root: String) {
        self.root = root
        nodes = [.directory(names: [:], durable: [:])]
        for directory in tree.directories.sorted() { add(directory, .directory(names: [:], durable: [:]), durable: true) }
        for (path, bytes) in tree.files { add(path, .file(content: bytes, durable: bytes), durable: true) }
    }

    private func relative(_ path: String) -> String? {
        guard path.hasPrefix(root + "/") else { return nil }
        return String(path.dropFirst(root.count + 1))
    }

    private func lookup(_ relative: String) -> Int? {
        var node = 0
        for component in relative.split(separator: "/") {
            guard case .directory(let names, _) = nodes[node], let next = names[String(component)] else { return nil }
            node = next
        }
        return node
    }

    private func split(_ relative: String) -> (parent: String, name: String) {
        guard let slash = relative.lastIndex(of: "/") else { return ("", relative) }
        return (String(relative[..<slash]), String(relative[relative.index(after: slash)...]))
    }

    private mutating func link(_ relative: String, to node: Int?, durable: Bool = false) {
        let (parentPath, name) = split(relative)
        guard let parent = lookup(parentPath), case .directory(var names, var flushed) = nodes[parent] else { return }
        names[name] = node
        if durable { flushed[name] = node }
        nodes[parent] = .directory(names: names, durable: flushed)
    }

    private mutating func add(_ relative: String, _ node: Node, durable: Bool = false) {
        nodes.append(node)
        link(relative, to: nodes.count - 1, durable: durable)
    }

    private mutating func flush(_ node: Int) {
        switch nodes[node] {
        case .file(let content, _): nodes[node] = .file(content: content, durable: content)
        case .directory(let names, _): nodes[node] = .directory(names: names, durable: names)
        }
    }

    mutating func apply(_ operation: FileOperation) {
        switch operation {
        case .mkdir(let path):
            if let path = relative(path), lookup(path) == nil { add(path, .directory(names: [:], durable: [:])) }
        case .create(let path):
            if let path = relative(path), lookup(path) == nil { add(path, .file(content: [], durable: [])) }
        case .write(let path, let bytes, let offset):
            guard let path = relative(path), let node = lookup(path), case .file(var content, let durable) = nodes[node] else { return }
            let start = offset ?? content.count
            if content.count < start + bytes.count { content += [UInt8](repeating: 0, count: start + bytes.count - content.count) }
            content.replaceSubrange(start..<(start + bytes.count), with: bytes)
            nodes[node] = .file(content: content, durable: durable)
        case .truncate(let path, let length):
            guard let path = relative(path), let node = lookup(path), case .file(var content, let durable) = nodes[node] else { return }
            content = length <= content.count ? Array(content.prefix(length)) : content + [UInt8](repeating: 0, count: length - content.count)
            nodes[node] = .file(content: content, durable: durable)
        case .flush(let path):
            if path == root { flush(0) } else if let path = relative(path), let node = lookup(path) { flush(node) }
        case .flushAll:
            for node in nodes.indices { flush(node) }
        case .rename(let from, let to):
            guard let from = relative(from), let to = relative(to), let node = lookup(from) else { return }
            link(from, to: nil)
            link(to, to: node)
        case .unlink(let path):
            if let path = relative(path) { link(path, to: nil) }
        }
    }

    /// The tree as a power cut would leave it: file data as of its last
    /// flush; names as they are, or with `durableNames` as of the last flush.
    func tree(durableNames: Bool) -> FileTree {
        var tree = FileTree()
        func walk(_ node: Int, _ path: String) {
            switch nodes[node] {
            case .file(_, let durable):
                tree.files[path] = durable
            case .directory(let names, let durable):
                if !path.isEmpty { tree.directories.insert(path) }
                for (name, child) in durableNames ? durable : names { walk(child, path.isEmpty ? name : path + "/" + name) }
            }
        }
        walk(0, "")
        return tree
    }
}
