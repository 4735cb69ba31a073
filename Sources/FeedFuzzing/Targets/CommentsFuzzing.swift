import FeedCore

/// The comments mapper on a body, and ISO 8601 on the same bytes taken as a
/// date. Mapped comments, written and mapped again, are the same comments;
/// a date that parses writes back and parses again to the same instant.
enum CommentsFuzzing {
    static let name = "comments"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        if let text = String(validating: input, as: UTF8.self), let instant = ISO8601.parse(text) {
            try checkDate(instant, text)
        }
        guard let comments = try? ImageCommentsMapper.map(status: 200, body: input) else { return }
        for comment in comments {
            try checkDate(comment.createdAt, "created_at of \(comment.id)")
        }
        let written = JSONWriter(style: .compact).line(ImageCommentsMapper.document(comments))
        do {
            let again = try ImageCommentsMapper.map(status: 200, body: written)
            try expect.require(again == comments, "written comments map back to other comments")
        } catch let error as FuzzFinding {
            throw error
        } catch {
            throw expect.fail("written comments do not map back: \(error)")
        }
    }

    private static func checkDate(_ instant: Int64, _ what: String) throws(FuzzFinding) {
        let written = ISO8601.format(instant)
        try expect.require(ISO8601.parse(written) == instant, "\(what): \(instant) written as '\(written)' does not parse back to it")
    }
}
