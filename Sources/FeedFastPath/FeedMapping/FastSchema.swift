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

    private init(_ schema: FeedSchema) {
        let table = schema.fields.enumerated().map { index, field in
            let key = Array(field.payloadKey.utf8), prefix = Array("\(index == 0 ? "{" : ",")\"\(field.name)\":".utf8)
            // The schema table is the package's own: a key this long is a mistake made here, not input.
            guard let shortKey = ShortBytes(key), let shortPrefix = ShortBytes(prefix) else {
                preconditionFailure("feed item keys are at most \(ShortBytes.capacity - 4) bytes: \(field.name)")
            }
            return Field(key: shortKey, prefix: shortPrefix, kind: field.kind, isRequired: field.isRequired)
        }
        precondition(table.count <= ItemSpans.capacity, "a schema of more fields than ItemSpans holds")
        let storage = UnsafeMutableBufferPointer<Field>.allocate(capacity: table.count) // kept for the process's life
        _ = storage.initialize(from: table)
        fields = UnsafeBufferPointer(storage)
    }

    private static let images = FastSchema(.images)
    private static let spots = FastSchema(.spots)

    static func of(_ schema: FeedSchema) -> FastSchema {
        switch schema {
        case .images: return images
        case .spots: return spots
        }
    }
}
