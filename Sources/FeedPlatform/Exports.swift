// The C library, imported in this one place: every other file of the package
// imports FeedPlatform, which re-exports it. A port to another C library is
// this file's work (and the few calls of FileDescriptor and Signals).
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
