import FeedCore

/// A schema's fields (`FeedItemField`) as the fast path reads and writes
/// them: each payload key and each document key's prefix as bytes that stay
/// put for the life of the process.
final class FastSchema: Sendable {
    struct Field: @unchecked Sendable {
        /// The key in the payload.
        let key: UnsafeBufferPointer<UInt8>
        /// `{"name":` for the first field, `,"name":` for the others.
        let prefix: UnsafeBufferPointer<UInt8>
        let kind: FeedItemField.Kind
        let isRequired: Bool
    }

    let fields: [Field]

    private init(_ schema: FeedSchema) {
        fields = schema.fields.enumerated().map { index, field in
            Field(key: FastSchema.permanent(Array(field.payloadKey.utf8)),
                  prefix: FastSchema.permanent(Array("\(index == 0 ? "{" : ",")\"\(field.name)\":".utf8)),
                  kind: field.kind, isRequired: field.isRequired)
        }
    }

    private static let images = FastSchema(.images)
    private static let spots = FastSchema(.spots)

    static func of(_ schema: FeedSchema) -> FastSchema {
        switch schema {
        case .images: return images
        case .spots: return spots
        }
    }

    private static func permanent(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        return UnsafeBufferPointer(copy)
    }
}
