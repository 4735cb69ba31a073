/// The `items` array of a payload, item by item.
public enum PayloadItems {
    /// Parses a body as a JSON object with an `items` array.
    public static func items(inBody body: [UInt8], what: String) throws(ToolError) -> [JSON] {
        let value: JSON
        do {
            value = try JSONReader.parseSingle(body)
        } catch {
            throw ToolError(.invalidData, "invalid \(what): body is not JSON (\(error))")
        }
        guard case .object(let object) = value else {
            throw ToolError(.invalidData, "invalid \(what): expected a JSON object, got \(value.typeName)")
        }
        return try items(in: object, what: what)
    }

    public static func items(in object: JSONObject, what: String) throws(ToolError) -> [JSON] {
        guard let items = object["items"] else {
            throw ToolError(.invalidData, "invalid \(what): no 'items' array")
        }
        guard case .array(let array) = items else {
            throw ToolError(.invalidData, "invalid \(what): 'items' must be an array, got \(items.typeName)")
        }
        return array
    }

    /// Maps every item, or fails on the first invalid one: one invalid item
    /// makes the whole payload invalid.
    public static func map<T>(_ items: [JSON], what: String, _ transform: (PayloadFields) throws(ToolError) -> T) throws(ToolError) -> [T] {
        var mapped: [T] = []
        mapped.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            do {
                mapped.append(try transform(try PayloadFields(item, path: "items[\(offset)]")))
            } catch {
                throw ToolError(.invalidData, "invalid \(what): \(error.message)")
            }
        }
        return mapped
    }
}
