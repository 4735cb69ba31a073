import FeedCore

/// What a finished transfer comes to: the response (its headers describing
/// the body as written: decoded, so no Content-Encoding), or the failure in
/// the contract's words.
enum CurlOutcome {
    static func result(of transfer: CurlTransfer, code: Int32, curl: Libcurl, settings: CurlSettings) -> Result<HTTPResponse, ToolError> {
        guard code == CurlCode.ok else {
            return .failure(CurlFailure.error(code, of: transfer, curl: curl, settings: settings))
        }
        var status = 0
        _ = curl.easyGetLong(transfer.easy, CurlConstant.responseCode, &status)
        var headers = transfer.headers.fields
        if headers.contains(where: { $0.name.lowercased() == "content-encoding" }) {
            // libcurl decoded the body: say what was written, not what was sent.
            headers.removeAll { $0.name.lowercased() == "content-encoding" }
            headers = headers.map { $0.name.lowercased() == "content-length" ? ($0.name, String(transfer.body.count)) : $0 }
        }
        return .success(HTTPResponse(status: status, headers: headers, body: transfer.body))
    }
}
