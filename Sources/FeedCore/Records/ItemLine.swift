/// One item line, as `--format jsonl` writes it: an object with an `id`,
/// and none of a record's or a document's keys. Every reader of a feed
/// document's items also takes these (feed-fetch, `feed-cache save`).
public struct ItemLine: Equatable, Sendable {
    /// The item as given, every key and value.
    public let item: JSON

    /// `value` as an item line, or nil when it is something else (a record,
    /// a feed document, not an object).
    public init?(_ value: JSON) {
        guard let object = value.objectValue, object[FeedItemField.id.name] != nil, object["error"] == nil,
              object["status"] == nil, object[FreshRecord.key] == nil, object["items"] == nil else { return nil }
        item = value
    }
}
