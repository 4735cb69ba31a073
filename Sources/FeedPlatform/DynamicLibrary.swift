/// A shared library loaded at run time: dlopen(3) and dlsym(3).
public struct DynamicLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    /// The first of `names` that loads (lazily bound, its symbols kept to
    /// itself); why none did, as dlerror(3) says it, otherwise.
    public static func load(firstOf names: [String]) throws(LoadFailure) -> DynamicLibrary {
        for name in names {
            if let handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL) { return DynamicLibrary(handle: handle) }
        }
        throw LoadFailure(reason: dlerror().map { String(cString: $0) } ?? "not found")
    }

    /// The address of `name` in the library, nil when it has none.
    public func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }

    /// Why no library loaded.
    public struct LoadFailure: Error {
        public var reason: String
    }
}
