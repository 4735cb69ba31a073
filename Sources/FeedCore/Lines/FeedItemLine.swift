/// A feed item as one `--format tsv` line, from its shown texts: the fields
/// of its schema's line (`FeedSchema.lineFields`), its schema the one whose
/// own fields it has, else images. A number is written as the document
/// writes it.
extension ShownTexts where Text == UnsafeBufferPointer<UInt8> {
    public func appendTabSeparatedLine(to out: inout [UInt8]) {
        let line = FeedItemLineColumns.shared.line(of: self)
        for index in line.indices {
            TabSeparatedLine.appendField(self[line[index]], first: index == 0, to: &out)
        }
        TabSeparatedLine.endLine(&out)
    }
}

/// Each schema's line fields and own fields as shown fields, worked out once.
struct FeedItemLineColumns: Sendable {
    private let schemas: [(line: [ShownField], own: [ShownField])]

    static let shared = FeedItemLineColumns()

    private init() {
        func shown(_ fields: [FeedItemField]) -> [ShownField] {
            fields.map(ShownField.init)
        }
        schemas = FeedSchema.allCases.map { (shown($0.lineFields), shown($0.ownFields)) }
    }

    /// The line's fields for an item: the last schema with an own field the
    /// item has, else the first (images).
    func line(of texts: FeedItemTextBytes) -> [ShownField] {
        var chosen = 0
        for index in schemas.indices {
            for shown in schemas[index].own where texts[shown] != nil { chosen = index }
        }
        return schemas[chosen].line
    }
}
