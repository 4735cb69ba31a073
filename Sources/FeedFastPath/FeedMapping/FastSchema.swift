import FeedCore

/// A schema's fields (`FeedItemField`) as the fast path reads and writes
/// them: each payload key and each document key's prefix held in two words.
final class FastSchema: Sendable {
    struct Field: Sendable {
        /// The key in the payload.
        let key: ShortBytes
        /// `{"name":` for the first field, `,"name":` for the others.
        let prefix: ShortBytes
        let kind: FeedItemField.Kind
        let isRequired: Bool
    }

    let fields: [Field]

    private init(_ schema: FeedSchema) {
        fields = schema.fields.enumerated().map { index, field in
            let key = Array(field.payloadKey.utf8), prefix = Array("\(index == 0 ? "{" : ",")\"\(field.name)\":".utf8)
            // The schema table is the package's own: a key this long is a mistake made here, not input.
            guard let shortKey = ShortBytes(key), let shortPrefix = ShortBytes(prefix) else {
                preconditionFailure("feed item keys are at most \(ShortBytes.capacity - 4) bytes: \(field.name)")
            }
            return Field(key: shortKey, prefix: shortPrefix, kind: field.kind, isRequired: field.isRequired)
        }
        precondition(fields.count <= ItemSpans.capacity, "a schema of more fields than ItemSpans holds")
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
