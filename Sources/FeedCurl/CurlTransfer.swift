import FeedCore
import FeedPlatform

/// One GET on its way: the easy handle, the body and headers as they arrive,
/// and who to tell when it ends. The callbacks of its handle reach it through
/// the pointer to it that the handle holds.
final class CurlTransfer {
    let url: String
    let easy: Libcurl.Easy
    let completion: @Sendable (Result<HTTPResponse, ToolError>) -> Void
    private let maxSize: Int
    private(set) var body: [UInt8] = []
    /// The final response's header lines (a redirect or a 100 Continue starts them anew).
    private(set) var headers = ResponseHeaderLines()
    /// Bytes of response heads received so far, redirects' included.
    private(set) var receivedHeaderBytes = 0
    /// Set when the body went past the size limit (the transfer is then stopped).
    private(set) var exceededMaxSize = false
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: CurlConstant.errorBufferSize)
    /// The request headers' list, which libcurl reads for the life of the handle.
    private var headerList: OpaquePointer?
    /// The input this GET is for (1-based), which `-v` names under `-j`.
    let position: Int
    /// `-v`: where the heads go, and the lines of each direction so far.
    private var trace: TransferTrace?

    init(url: String, position: Int, easy: Libcurl.Easy, maxSize: Int, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        self.url = url
        self.position = position
        self.easy = easy
        self.maxSize = maxSize
        self.completion = completion
        errorBuffer.initialize(repeating: 0, count: CurlConstant.errorBufferSize)
    }

    deinit { errorBuffer.deallocate() }

    /// The header lines to send: those holding a control byte (CR, LF, NUL…),
    /// whatever their origin, are left out, a last line of defence.
    func setHeaders(_ lines: [String], _ curl: Libcurl) {
        for line in lines where HeaderValueBytes.areSendable(line.utf8) { headerList = curl.slistAppend(headerList, line) }
        _ = curl.easySetPointer(easy, CurlConstant.httpHeader, UnsafeRawPointer(headerList))
    }

    /// Before each request: if it goes to another origin than the URL
    /// asked (a redirect did that), or its origin cannot be told, every
    /// header line of the list is emptied, which libcurl skips, for this
    /// request and any after it.
    func beforeRequest(_ curl: Libcurl) {
        guard let list = headerList else { return }
        var current: UnsafeMutableRawPointer? = nil
        _ = curl.easyGetPointer(easy, CurlConstant.effectiveURL, &current)
        let requested = current.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
        if let origin = RequestOrigin(of: url), RequestOrigin(of: requested) == origin { return }
        // struct curl_slist { char *data; struct curl_slist *next; }
        var node: UnsafeRawPointer? = UnsafeRawPointer(list)
        while let item = node {
            item.load(as: UnsafeMutablePointer<CChar>?.self)?.pointee = 0
            node = item.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.stride, as: UnsafeRawPointer?.self)
        }
    }

    /// Sends the heads of this transfer's requests and responses to `trace`.
    func traceHeads(to trace: CurlTrace) {
        self.trace = TransferTrace(trace, position: position)
    }

    /// Frees the handle and what it held; the transfer is over.
    func release(_ curl: Libcurl) {
        trace?.finish()
        trace = nil
        curl.easyCleanup(easy)
        curl.slistFreeAll(headerList)
        headerList = nil
    }

    /// libcurl's own words on the failure, if it left any.
    var errorText: String { String(cString: errorBuffer) }

    /// Takes a piece of the body; false stops the transfer (over the limit).
    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= maxSize - body.count else {
            exceededMaxSize = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    func receiveHeader(_ line: UnsafeRawBufferPointer) {
        receivedHeaderBytes += line.count
        headers.add(line)
    }

    /// Takes header bytes libcurl sent (`sent`) or received, for `-v`.
    func traceHead(_ bytes: UnsafeRawBufferPointer, sent: Bool) {
        trace?.add(bytes, sent: sent)
    }

    /// The callbacks libcurl calls with this transfer as their user data.
    static let writeCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
    }

    static let headerCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        data, size, count, context in
        guard let data, let context else { return 0 }
        Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            .receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
        return size * count
    }

    /// libcurl's pre-request callback: 0 lets the request go.
    static let prereqCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32, Int32) -> Int32 = {
        context, _, _, _, _ in
        guard let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        if let curl = try? Libcurl.shared.get() { transfer.beforeRequest(curl) }
        return 0
    }

    /// libcurl's debug callback (`-v` only): of what it reports, the header
    /// bytes sent and received; the rest (its own notes, bodies, TLS) is left out.
    static let debugCallback: @convention(c) (Libcurl.Easy?, Int32, UnsafeMutablePointer<CChar>?, Int, UnsafeMutableRawPointer?) -> Int32 = {
        _, kind, data, size, context in
        guard let data, let context, kind == CurlConstant.infoHeaderIn || kind == CurlConstant.infoHeaderOut else { return 0 }
        Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            .traceHead(UnsafeRawBufferPointer(start: data, count: size), sent: kind == CurlConstant.infoHeaderOut)
        return 0
    }
}
