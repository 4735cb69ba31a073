import FeedCore
import FeedPlatform

/// A failed transfer in the contract's words: `connectivity` for anything
/// the network did, `invalid-data` for a body over `--max-size`, each with a
/// message that says what happened (and names the proxy when it was the proxy).
enum CurlFailure {
    static func error(_ code: Int32, of transfer: CurlTransfer, curl: Libcurl, settings: CurlSettings) -> ToolError {
        let limits = settings.limits
        if transfer.exceededMaxSize || code == CurlCode.fileSizeExceeded {
            return ToolError(.invalidData, "body larger than --max-size \(limits.maxSize) bytes")
        }
        let detail = transfer.errorText
        let proxy = ProxyEnvironment(settings.environment).proxy(for: transfer.url)
        let reason: String
        switch code {
        case CurlCode.couldNotResolveProxy:
            reason = "cannot resolve the proxy \(proxy ?? "host")"
        case CurlCode.couldNotResolveHost:
            reason = "cannot resolve host"
        case CurlCode.couldNotConnect:
            var osError = 0
            _ = curl.easyGetLong(transfer.easy, CurlConstant.osErrno, &osError)
            if osError != Int(ECONNREFUSED) && (osError == Int(EMFILE) || osError == Int(ENFILE) || descriptorsRunOut()) {
                // libcurl leaves errno 0 when socket() itself failed: a
                // descriptor asked for now says whether the table is full.
                return ToolError(.connectivity, "too many open files (lower -j or raise ulimit -n)")
            }
            let refused = osError == Int(ECONNREFUSED) ? "connection refused" : "cannot connect (\(detail))"
            reason = proxy.map { "\(refused) by the proxy \($0)" } ?? refused
        case CurlCode.proxy:
            reason = "the proxy \(proxy ?? "") failed: \(detail)"
        case CurlCode.timedOut:
            var connected: Int64 = 0
            _ = curl.easyGetOffset(transfer.easy, CurlConstant.connectTime, &connected)
            if let connect = limits.connectTimeout, connected == 0 {
                reason = "connection timed out after \(describe(connect))"
            } else {
                reason = "timed out after \(describe(limits.timeout))"
            }
        case CurlCode.tooManyRedirects:
            reason = "more than \(limits.maxRedirects) redirects"
        case CurlCode.partialFile:
            var declared: Int64 = -1
            _ = curl.easyGetOffset(transfer.easy, CurlConstant.contentLength, &declared)
            reason = declared >= 0 ? "connection closed after \(transfer.body.count) of \(declared) bytes" : "connection closed mid-body"
        case CurlCode.gotNothing:
            reason = "the server closed the connection without answering"
        case CurlCode.sendError, CurlCode.receiveError:
            reason = "connection lost (\(detail))"
        case CurlCode.peerFailedVerification:
            reason = "TLS failure: the server's certificate is not trusted (\(detail))"
        case CurlCode.sslConnectError:
            reason = "TLS failure: \(detail)"
        case CurlCode.caCertBadFile:
            reason = "TLS failure: cannot read the CA bundle (\(detail))"
        case CurlCode.weirdServerReply, CurlCode.http2, CurlCode.http2Stream:
            reason = "bad server response (\(detail))"
        case CurlCode.tooLarge:
            reason = "response headers too large"
        case CurlCode.outOfMemory where transfer.receivedHeaderBytes > 0 && transfer.body.isEmpty:
            // What libcurl before 8.6 says of a head past its limit (100 KB a line, 300 KB in all).
            reason = "response headers too large"
        case CurlCode.badContentEncoding:
            reason = "cannot decode the body (\(detail))"
        default:
            reason = detail.isEmpty ? (curl.easyStrerror(code).map { String(cString: $0) } ?? "transfer failed (\(code))") : detail
        }
        return ToolError(.connectivity, reason)
    }

    /// Whether the process has no descriptor left to open (EMFILE, ENFILE).
    private static func descriptorsRunOut() -> Bool {
        do throws(SystemError) {
            _ = FileDescriptor.close(try FileDescriptor.duplicate(2))
            return false
        } catch {
            return error.code == EMFILE || error.code == ENFILE
        }
    }

    static func describe(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? "\(Int(seconds))s" : "\(seconds)s"
    }
}
