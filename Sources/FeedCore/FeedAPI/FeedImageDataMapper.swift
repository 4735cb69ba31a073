/// Validates downloaded image data: the case study's `FeedImageDataMapper`.
/// Status exactly 200 and a non-empty body.
public enum FeedImageDataMapper {
    public static func map(status: Int, body: [UInt8]) throws(ToolError) -> [UInt8] {
        guard status == 200 else {
            throw ToolError(.invalidData, "status \(status), expected 200")
        }
        guard !body.isEmpty else {
            throw ToolError(.invalidData, "empty image data")
        }
        return body
    }
}
