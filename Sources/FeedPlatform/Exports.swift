// The C library, imported in this one place and re-exported: other targets
// see its types and constants (stat, O_RDONLY, ENOENT) through FeedPlatform,
// and make their system calls through its wrappers (`SystemCall` and the
// types beside it). A port to another C library is this folder's work.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
