import FeedCore
@testable import FeedFastPath
import XCTest

/// The fast path holds a schema in fixed room: each payload key, and each
/// document key with its brace or comma, quotes and colon, in
/// `ShortBytes.capacity` bytes; at most `ItemSpans.capacity` fields. Every
/// schema declared fits, so none goes the slow way; one that did not would
/// be declined (mapped by the reference), never a trap.
final class FastSchemaLimitsTests: XCTestCase {
    func test_everyDeclaredSchemaFitsTheFastPathsRoom() {
        for schema in FeedSchema.allCases {
            XCTAssertLessThanOrEqual(schema.fields.count, ItemSpans.capacity, "\(schema): more fields than the fast path holds")
            for (index, field) in schema.fields.enumerated() {
                XCTAssertLessThanOrEqual(field.payloadKey.utf8.count, ShortBytes.capacity, "\(schema): payload key \(field.payloadKey)")
                XCTAssertLessThanOrEqual(FastSchema.prefix(of: field, first: index == 0).count, ShortBytes.capacity,
                                         "\(schema): document key \(field.name), with its comma, quotes and colon")
            }
            XCTAssertNotNil(FastSchema.of(schema), "\(schema): the fast path would decline every record")
        }
    }

    func test_aSchemaOfMoreFieldsThanItHoldsIsDeclinedNotTrapped() {
        XCTAssertNil(FastSchema(Array(repeating: FeedItemField.id, count: ItemSpans.capacity + 1)))
        XCTAssertNotNil(FastSchema(Array(repeating: FeedItemField.id, count: ItemSpans.capacity)))
    }
}
