// libFuzzer's entry points over FeedFuzzing's targets. Built only by
// scripts/libfuzzer (FEED_FUZZ=1 swift build --sanitize fuzzer …), which
// names the target in FEED_FUZZ_TARGET; libFuzzer gives `main`.
import FeedFuzzing
import FeedPlatform

nonisolated(unsafe) private var target: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    let name = ProcessEnvironment.value("FEED_FUZZ_TARGET") ?? ""
    guard let chosen = FuzzTarget.named(name) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        fputs("feed-fuzz: set FEED_FUZZ_TARGET to one of: \(names)\n", stderr)
        exit(64)
    }
    target = chosen
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target else { return 0 }
    do {
        try target.check(Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        fputs("feed-fuzz: finding: \(error)\n", stderr)
        abort()
    }
    return 0
}
