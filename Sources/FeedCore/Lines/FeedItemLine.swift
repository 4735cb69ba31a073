/// A feed item as one `--format tsv` line, from its shown texts: the fields
/// of its schema's line (`FeedSchema.lineFields`), its schema the one whose
/// own fields it has (spots: author or likes), else images. The likes are
/// the number as the document writes it.
extension ShownTexts where Text == UnsafeBufferPointer<UInt8> {
    public func appendTabSeparatedLine(to out: inout [UInt8]) {
        let columns = FeedItemLineColumns.shared
        let schema = columns.schemas.last { schema in schema.own.contains { self[$0] != nil } } ?? columns.schemas[0]
        TabSeparatedLine.append(schema.line.lazy.map { self[$0] }, to: &out)
    }
}

/// Each schema's line fields and own fields as shown fields, worked out once.
struct FeedItemLineColumns: Sendable {
    let schemas: [(line: [ShownField], own: [ShownField])]

    static let shared = FeedItemLineColumns()

    private init() {
        func shown(_ fields: [FeedItemField]) -> [ShownField] {
            fields.compactMap { field in ShownField.allCases.first { $0.field.name == field.name } }
        }
        schemas = FeedSchema.allCases.map { (shown($0.lineFields), shown($0.ownFields)) }
    }
}
