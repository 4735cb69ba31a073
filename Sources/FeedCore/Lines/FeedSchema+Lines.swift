extension FeedSchema {
    /// The fields of an item's `--format tsv` line, in order, from the
    /// schemas' tables: id and url, then the images schema's other fields,
    /// then this schema's fields not among those (spots: author, likes).
    public var lineFields: [FeedItemField] {
        let leading: [FeedItemField] = [.id, .url]
        var fields = leading
        for field in FeedSchema.images.fields + self.fields where !fields.contains(where: { $0.name == field.name }) {
            fields.append(field)
        }
        return fields
    }

    /// The fields this schema has and images has not (spots: author,
    /// likes): an item with one of them is this schema's.
    var ownFields: [FeedItemField] {
        fields.filter { field in !FeedSchema.images.fields.contains { $0.name == field.name } }
    }
}
