/// The numbers of libcurl's ABI that feed-fetch uses (from curl.h and
/// multi.h; they never change within libcurl 7 and 8).
enum CurlConstant {
    static let globalAll = 3

    // CURLoption: a type base (long 0, pointer 10000, function 20000, off_t 30000) plus a number.
    static let writeData: Int32 = 10_001
    static let url: Int32 = 10_002
    static let errorBuffer: Int32 = 10_010
    static let writeFunction: Int32 = 20_011
    static let userAgent: Int32 = 10_018
    static let httpHeader: Int32 = 10_023
    static let headerData: Int32 = 10_029
    static let verbose: Int32 = 41
    static let followLocation: Int32 = 52
    static let caInfo: Int32 = 10_065
    static let maxRedirects: Int32 = 68
    static let headerFunction: Int32 = 20_079
    static let debugFunction: Int32 = 20_094
    static let debugData: Int32 = 10_095
    static let noSignal: Int32 = 99
    static let acceptEncoding: Int32 = 10_102
    static let privateData: Int32 = 10_103
    static let maxFileSize: Int32 = 30_117
    static let timeoutMilliseconds: Int32 = 155
    static let connectTimeoutMilliseconds: Int32 = 156
    static let protocols: Int32 = 10_318
    static let redirectProtocols: Int32 = 10_319
    static let pipeWait: Int32 = 237
    /// Called before each request of a transfer, a redirect's included (libcurl 7.80 and later).
    static let prereqFunction: Int32 = 20_312
    static let prereqData: Int32 = 10_313

    // CURLINFO: a type base (string 0x100000, long 0x200000, off_t 0x600000) plus a number.
    static let effectiveURL: Int32 = 0x100000 + 1
    static let responseCode: Int32 = 0x200000 + 2
    static let privateInfo: Int32 = 0x100000 + 21
    static let contentLength: Int32 = 0x600000 + 15
    static let osErrno: Int32 = 0x200000 + 25
    /// Microseconds until the connection was made; 0 if it never was.
    static let connectTime: Int32 = 0x600000 + 52

    // curl_infotype: what a debug callback is handed.
    static let infoHeaderIn: Int32 = 1
    static let infoHeaderOut: Int32 = 2

    // CURLMoption.
    static let pipelining: Int32 = 3
    static let maxHostConnections: Int32 = 7
    static let multiplex = 2

    // CURLMSG.
    static let messageDone: Int32 = 1

    static let errorBufferSize = 256
}
