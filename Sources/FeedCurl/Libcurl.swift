import FeedCore
import FeedPlatform

/// The part of libcurl's API that feed-fetch uses, declared here and bound at
/// run time from the system's libcurl (`libcurl.so.4`): building needs no
/// curl headers and no development package, only running needs the library,
/// which is where the Swift toolchain is. `curl_easy_setopt` and friends are
/// variadic in C; each is bound once per argument type it is called with
/// (a long, a pointer, a curl_off_t), which on Linux's calling conventions is
/// how a variadic callee reads them.
struct Libcurl: @unchecked Sendable {
    typealias Easy = OpaquePointer
    typealias Multi = OpaquePointer

    let globalInit: @convention(c) (Int) -> Int32
    let easyInit: @convention(c) () -> Easy?
    let easyCleanup: @convention(c) (Easy?) -> Void
    let easySetLong: @convention(c) (Easy?, Int32, Int) -> Int32
    let easySetPointer: @convention(c) (Easy?, Int32, UnsafeRawPointer?) -> Int32
    let easySetOffset: @convention(c) (Easy?, Int32, Int64) -> Int32
    let easyGetLong: @convention(c) (Easy?, Int32, UnsafeMutablePointer<Int>) -> Int32
    let easyGetOffset: @convention(c) (Easy?, Int32, UnsafeMutablePointer<Int64>) -> Int32
    let easyGetPointer: @convention(c) (Easy?, Int32, UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32
    let easyStrerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let multiInit: @convention(c) () -> Multi?
    let multiCleanup: @convention(c) (Multi?) -> Int32
    let multiSetLong: @convention(c) (Multi?, Int32, Int) -> Int32
    let multiAdd: @convention(c) (Multi?, Easy?) -> Int32
    let multiRemove: @convention(c) (Multi?, Easy?) -> Int32
    let multiPerform: @convention(c) (Multi?, UnsafeMutablePointer<Int32>) -> Int32
    let multiPoll: @convention(c) (Multi?, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?) -> Int32
    let multiWakeup: @convention(c) (Multi?) -> Int32
    let multiInfoRead: @convention(c) (Multi?, UnsafeMutablePointer<Int32>) -> UnsafeMutableRawPointer?
    let slistAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let slistFreeAll: @convention(c) (OpaquePointer?) -> Void

    /// The library, loaded and initialised once; or why it cannot be.
    static let shared: Result<Libcurl, ToolError> = Result { () throws(ToolError) in try Libcurl.load() }

    private static func load() throws(ToolError) -> Libcurl {
        let library: DynamicLibrary
        do throws(DynamicLibrary.LoadFailure) {
            library = try DynamicLibrary.load(firstOf: ["libcurl.so.4", "libcurl.so"])
        } catch {
            throw ToolError(.connectivity, "cannot load libcurl (install libcurl4): \(error.reason)")
        }
        func bind<T>(_ name: String, as: T.Type = T.self) throws(ToolError) -> T {
            guard let symbol = library.symbol(name) else {
                throw ToolError(.connectivity, "this libcurl has no \(name) (libcurl 7.68 or later is needed)")
            }
            return unsafeBitCast(symbol, to: T.self)
        }
        let curl = Libcurl(
            globalInit: try bind("curl_global_init"),
            easyInit: try bind("curl_easy_init"),
            easyCleanup: try bind("curl_easy_cleanup"),
            easySetLong: try bind("curl_easy_setopt"),
            easySetPointer: try bind("curl_easy_setopt"),
            easySetOffset: try bind("curl_easy_setopt"),
            easyGetLong: try bind("curl_easy_getinfo"),
            easyGetOffset: try bind("curl_easy_getinfo"),
            easyGetPointer: try bind("curl_easy_getinfo"),
            easyStrerror: try bind("curl_easy_strerror"),
            multiInit: try bind("curl_multi_init"),
            multiCleanup: try bind("curl_multi_cleanup"),
            multiSetLong: try bind("curl_multi_setopt"),
            multiAdd: try bind("curl_multi_add_handle"),
            multiRemove: try bind("curl_multi_remove_handle"),
            multiPerform: try bind("curl_multi_perform"),
            multiPoll: try bind("curl_multi_poll"),
            multiWakeup: try bind("curl_multi_wakeup"),
            multiInfoRead: try bind("curl_multi_info_read"),
            slistAppend: try bind("curl_slist_append"),
            slistFreeAll: try bind("curl_slist_free_all")
        )
        guard curl.globalInit(CurlConstant.globalAll) == 0 else { throw ToolError(.connectivity, "cannot initialise libcurl") }
        return curl
    }
}
