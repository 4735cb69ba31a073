/// feed-map's work over all of its input: one feed document (or error record)
/// per record read, in order. Compact JSON takes the fast path where it can;
/// `FeedItemsMapper` decides everything else.
public enum FeedMapping {
    public static func run(_ input: inout [UInt8], schema: FeedSchema, format: OutputFormat, stage: Stage) {
        input.withUnsafeMutableBufferPointer { buffer in
            run(buffer, releasesInput: false, schema: schema, format: format, stage: stage)
        }
    }

    /// Over input in place. `releasesInput` only for input mapped from a file
    /// (see `InputRelease`).
    public static func run(_ buffer: UnsafeMutableBufferPointer<UInt8>, releasesInput: Bool, schema: FeedSchema,
                           format: OutputFormat, stage: Stage) {
        let fast = format == .json && stage.writer.style == .compact
        let arena = FeedOutputArena()
        var offset = 0
        while offset < buffer.count {
            if fast {
                switch FastFeedItemsMapper.map(buffer, at: offset, schema: schema, arena: arena, releasesInput: releasesInput,
                                               write: stage.emit(raw:)) {
                case .mapped(let next):
                    offset = next
                    continue
                case .mapBody(let url, let status, let body, let next):
                    offset = next
                    do throws(ToolError) {
                        format.emit(try FeedItemsMapper.map(status: status, body: Array(buffer[body]), schema: schema), stage)
                    } catch {
                        stage.fail(error, url: url)
                    }
                    continue
                case .rebuilt(let record, let prefix, let resume):
                    var position = 0
                    let value: JSON?
                    do throws(JSONSyntaxError) {
                        value = try record.withUnsafeBufferPointer { (rebuilt) throws(JSONSyntaxError) in
                            try JSONReader.value(in: rebuilt, at: &position)
                        }
                    } catch {
                        stage.fail(ToolError(.invalidData, "malformed input: \(error.reason) after the body of the record at byte \(offset)"))
                        return
                    }
                    offset = resume + (position - prefix)
                    if let value { map(value, schema: schema, format: format, stage: stage) }
                    continue
                case .malformed(let error):
                    stage.fail(ToolError(.invalidData, "malformed input: \(error)"))
                    return
                case .notTaken:
                    break
                }
            }
            let value: JSON?
            do {
                value = try JSONReader.value(in: UnsafeBufferPointer(buffer), at: &offset)
            } catch {
                stage.fail(ToolError(.invalidData, "malformed input: \(error)"))
                return
            }
            guard let value else { return }
            map(value, schema: schema, format: format, stage: stage)
        }
    }

    /// The reference path for one value read from the input.
    static func map(_ value: JSON, schema: FeedSchema, format: OutputFormat, stage: Stage) {
        do {
            switch try Record.classify(value) {
            case .response(let response):
                do {
                    format.emit(try FeedItemsMapper.map(status: response.status, body: response.body, schema: schema), stage)
                } catch {
                    stage.fail(error, url: response.url)
                }
            case .document(let payload):
                format.emit(try FeedItemsMapper.map(payload: payload, schema: schema), stage)
            case .error(let record):
                stage.passOn(record)
            }
        } catch {
            stage.fail(error)
        }
    }
}
