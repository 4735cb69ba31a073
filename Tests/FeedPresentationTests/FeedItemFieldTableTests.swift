import XCTest
import FeedCore
import FeedPresentation

/// The field table (`FeedItemField`), over every schema: each field is
/// placed by every format as the table says, or the table says why not;
/// the table keeps within what its readers hold. A new field that a format
/// would drop without a word fails here, not in a user's hands.
final class FeedItemFieldTableTests: XCTestCase {
    func test_table_holdsEverySchemasFields_onceEach_withinWhatAnItemsTextsHold() {
        let names = FeedItemField.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "a field twice in FeedItemField.all: \(names)")
        XCTAssertLessThanOrEqual(names.count, FeedItemTexts.capacity, "more fields than ShownTexts holds: raise its capacity")
        for schema in FeedSchema.allCases {
            let fields = schema.fields.map(\.name)
            XCTAssertEqual(Set(fields).count, fields.count, "\(schema): a field twice")
            for name in fields {
                XCTAssertTrue(names.contains(name), "\(schema).\(name) is not in FeedItemField.all")
            }
        }
    }

    func test_tsv_givesEveryFieldOfEverySchemaAColumn_orTheTableSaysWhyNot_theColumnsInARow() {
        for schema in FeedSchema.allCases {
            let line = schema.lineFields.map(\.name)
            var columns: [Int] = []
            for field in FeedSchema.images.fields + schema.fields {
                switch field.tsv {
                case .column(let column):
                    XCTAssertTrue(line.contains(field.name), "\(schema): \(field.name) has column \(column) but no place in the line \(line)")
                    if !columns.contains(column) { columns.append(column) }
                case .none(let reason):
                    XCTAssertFalse(reason.isEmpty, "\(schema): \(field.name) has no tsv column and no reason")
                    XCTAssertFalse(line.contains(field.name))
                }
            }
            XCTAssertEqual(columns.sorted(), Array(0..<line.count), "\(schema): the tsv columns are not one to a field, 0 up: \(line)")
        }
    }

    func test_textAndPage_showEveryField_orTheTableSaysWhyNot() {
        for schema in FeedSchema.allCases {
            for field in schema.fields {
                if case .notShown(let reason) = field.text {
                    XCTAssertFalse(reason.isEmpty, "\(schema): text does not show \(field.name), and the table says not why")
                }
                if case .notShown(let reason) = field.page {
                    XCTAssertFalse(reason.isEmpty, "\(schema): the page does not show \(field.name), and the table says not why")
                }
                if field.unit != nil {
                    XCTAssertEqual(field.kind, .integer, "\(field.name): a unit follows a number only")
                }
            }
            let images = schema.fields.filter { $0.page == .image }
            XCTAssertEqual(images.map(\.kind), [.url], "\(schema): the page needs one url field for the image")
            XCTAssertTrue(schema.fields.contains { $0.text == .title || $0.text == .byline }, "\(schema): no field heads an item in text")
        }
    }

    func test_eachFormat_placesEachFieldOfEverySchema_asTheTableSays() throws {
        for schema in FeedSchema.allCases {
            let item = markedItem(schema)
            let document = try FeedItemsMapper.map(payload: JSONObject([("items", .array([payload(schema)]))]), schema: schema)
            let mapped = try XCTUnwrap(document.items.first)
            let tsv = tsvLine(item).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let text = TextFormat.feed([item])
            let page = pageOf(item)
            for field in schema.fields {
                let marker = mark(field)
                XCTAssertNotNil(mapped[field.name], "\(schema): json leaves out \(field.name)")
                switch field.tsv {
                case .column(let column): XCTAssertEqual(tsv.indices.contains(column) ? tsv[column] : nil, marker, "\(schema): tsv column \(column) of \(tsv)")
                case .none: XCTAssertFalse(tsv.contains(marker), "\(schema): tsv writes \(field.name)")
                }
                switch field.text {
                case .notShown: XCTAssertFalse(text.contains(marker), "\(schema): text shows \(field.name): \(text)")
                case .byline: XCTAssertTrue(text.contains("  by \(marker)\n"), "\(schema): text leaves out \(field.name): \(text)")
                case .title: XCTAssertTrue(text.hasPrefix("\(marker)\n"), "\(schema): text does not head with \(field.name): \(text)")
                case .line, .verbatim:
                    let unit = field.unit.map { " \($0.other)" } ?? ""
                    XCTAssertTrue(text.contains("\n  \(marker)\(unit)\n"), "\(schema): text leaves out \(field.name): \(text)")
                }
                switch field.page {
                case .notShown: XCTAssertFalse(page.contains(marker), "\(schema): the page shows \(field.name)")
                case .image: XCTAssertTrue(page.contains("<span class=\"url\">\(marker)</span>"), "\(schema): no image of \(field.name)")
                case .caption:
                    let unit = field.unit.map { " \($0.other)" } ?? ""
                    XCTAssertTrue(page.contains("<p class=\"\(field.name)\" dir=\"auto\">\(marker)\(unit)</p>"), "\(schema): the page leaves out \(field.name)")
                }
            }
        }
    }

    // MARK: - Helpers

    /// A text of the field's kind that no other field's holds.
    private func mark(_ field: FeedItemField) -> String {
        let index = FeedItemField.all.firstIndex { $0.name == field.name } ?? 0
        switch field.kind {
        case .uuid: return "00000000-0000-4000-8000-00000000000\(index)"
        case .url: return "https://h/marked-\(index)"
        case .string: return "marked \(index)"
        case .integer: return "\(7000 + index)"
        }
    }

    private func value(_ field: FeedItemField) -> JSON {
        field.kind == .integer ? .number(mark(field)) : .string(mark(field))
    }

    /// An item of the schema as a feed document holds it: every field, marked.
    private func markedItem(_ schema: FeedSchema) -> JSON {
        .object(JSONObject(schema.fields.map { ($0.name, value($0)) }))
    }

    /// The same item as the API's payload spells it.
    private func payload(_ schema: FeedSchema) -> JSON {
        .object(JSONObject(schema.fields.map { ($0.payloadKey, value($0)) }))
    }

    private func tsvLine(_ item: JSON) -> String {
        var line: [UInt8] = []
        FeedItemTexts(item).withBytes { $0.appendTabSeparatedLine(to: &line) }
        return String(decoding: line.dropLast(), as: UTF8.self)
    }

    private func pageOf(_ item: JSON) -> String {
        var bytes: [UInt8] = []
        var writer = FeedPageWriter<Never> { bytes += $0 }
        writer.writePage(FeedPageItem(item).map { [$0] } ?? [], savedAt: Timestamp(seconds: 0)) { _ in .placeholder(.notCached) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
