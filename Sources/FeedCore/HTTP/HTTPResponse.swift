/// What a GET brought back, after redirects.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// As received: names in any case, repeated names allowed.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
