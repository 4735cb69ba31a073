/// libcurl's result codes (CURLcode) that feed-fetch tells apart.
enum CurlCode {
    static let ok: Int32 = 0
    static let couldNotResolveProxy: Int32 = 5
    static let couldNotResolveHost: Int32 = 6
    static let couldNotConnect: Int32 = 7
    static let weirdServerReply: Int32 = 8
    static let http2: Int32 = 16
    static let partialFile: Int32 = 18
    static let writeError: Int32 = 23
    static let outOfMemory: Int32 = 27
    static let timedOut: Int32 = 28
    static let sslConnectError: Int32 = 35
    static let tooManyRedirects: Int32 = 47
    static let gotNothing: Int32 = 52
    static let sendError: Int32 = 55
    static let receiveError: Int32 = 56
    static let peerFailedVerification: Int32 = 60
    static let badContentEncoding: Int32 = 61
    static let fileSizeExceeded: Int32 = 63
    static let caCertBadFile: Int32 = 77
    static let http2Stream: Int32 = 92
    static let proxy: Int32 = 97
    /// CURLE_TOO_LARGE (libcurl 8.6 and later): a response's head over libcurl's limit.
    static let tooLarge: Int32 = 100
}
