import FeedCore

/// A schema's fields (`FeedItemField`) as the fast path reads and writes
/// them: each payload key and each document key's prefix held in two words.
final class FastSchema: @unchecked Sendable {
    struct Field: Sendable {
        /// The key in the payload.
        let key: ShortBytes
        /// `{"name":` for the first field, `,"name":` for the others.
        let prefix: ShortBytes
        let kind: FeedItemField.Kind
        let isRequired: Bool
    }

    /// Held outside any array, so that reading them in the hot loop, from
    /// two threads at once, touches no reference count.
    let fields: UnsafeBufferPointer<Field>

    /// Nil for a schema beyond the fast path's limits (a key or prefix over
    /// `ShortBytes.capacity` bytes, more fields than `ItemSpans.capacity`):
    /// the fast path then declines, and the reference maps. A test holds
    /// every schema within them (`FastSchemaLimitsTests`).
    init?(_ schemaFields: [FeedItemField]) {
        var table: [Field] = []
        for (index, field) in schemaFields.enumerated() {
            let key = Array(field.payloadKey.utf8), prefix = Self.prefix(of: field, first: index == 0)
            guard let shortKey = ShortBytes(key), let shortPrefix = ShortBytes(prefix) else { return nil }
            table.append(Field(key: shortKey, prefix: shortPrefix, kind: field.kind, isRequired: field.isRequired))
        }
        guard table.count <= ItemSpans.capacity else { return nil }
        let storage = UnsafeMutableBufferPointer<Field>.allocate(capacity: table.count) // kept for the process's life
        _ = storage.initialize(from: table)
        fields = UnsafeBufferPointer(storage)
    }

    /// What the document writes before a field's value.
    static func prefix(of field: FeedItemField, first: Bool) -> [UInt8] {
        Array("\(first ? "{" : ",")\"\(field.name)\":".utf8)
    }

    private static let images = FastSchema(FeedSchema.images.fields)
    private static let spots = FastSchema(FeedSchema.spots.fields)

    /// The schema as the fast path holds it; nil if it is beyond its limits.
    static func of(_ schema: FeedSchema) -> FastSchema? {
        switch schema {
        case .images: return images
        case .spots: return spots
        }
    }
}
