import FeedCore

/// What `feed-cache image save` makes of one record: image data to store,
/// or a failure to report in the record's place.
enum ImageSaveEntry {
    /// A good response's body, to store under its URL.
    case image(data: [UInt8], url: String)
    /// An error that starts here: one line on stderr and an error record.
    case failure(ToolError, url: String?)
    /// An earlier stage's error record, passed on silently.
    case passOn(ErrorRecord)

    init(_ record: Result<Record, ToolError>) {
        switch record {
        case .success(.response(let response)):
            guard Identifiers.isAbsoluteURL(response.url) else {
                self = .failure(ToolError(.invalidData, "not an absolute URL"), url: response.url)
                return
            }
            do {
                self = .image(data: try FeedImageDataMapper.map(status: response.status, body: response.body), url: response.url)
            } catch {
                self = .failure(error, url: response.url)
            }
        case .success(.error(let record)):
            self = .passOn(record)
        case .success(.document):
            self = .failure(ToolError(.invalidData, "expected response records, got a feed document (pipe it through feed-fetch)"), url: nil)
        case .success(.fresh(let fresh)):
            self = .failure(ToolError(.invalidData, "expected response records, got a fresh record (it is for feed-cache save)"), url: fresh.url)
        case .failure(let error):
            self = .failure(error, url: nil)
        }
    }
}
