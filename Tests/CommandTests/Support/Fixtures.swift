import Foundation

/// The case study's fixed test account: eight images, some without a
/// description or a location.
enum TestAccount {
    static let items: [(id: String, description: String?, location: String?, image: String)] = [
        ("73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "Description 1", "Location 1", "https://url-1.com"),
        ("BA298A85-6275-48D3-8315-9C8F7C1CD109", nil, "Location 2", "https://url-2.com"),
        ("5A0D45B3-8E26-4385-8C5D-213E160A5E3C", "Description 3", nil, "https://url-3.com"),
        ("FF0ECFE2-2879-403F-8DBE-A83B4010B340", nil, nil, "https://url-4.com"),
        ("DC97EF5E-2CC9-4905-A8AD-3C351C311001", "Description 5", "Location 5", "https://url-5.com"),
        ("557D87F1-25D3-4D77-82E9-364B2ED9CB30", "Description 6", "Location 6", "https://url-6.com"),
        ("A83284EF-C2DF-415D-AB73-2A9B8B04950B", "Description 7", "Location 7", "https://url-7.com"),
        ("F79BD7F8-063F-46E2-8147-A67635C3BB01", "Description 8", "Location 8", "https://url-8.com"),
    ]

    /// The payload as the API sends it (lower-case ids, `image`, absent keys absent).
    static var payload: String {
        feedPayload(items.map { item in
            var object: [String: Any] = ["id": item.id.lowercased(), "image": item.image]
            if let description = item.description { object["description"] = description }
            if let location = item.location { object["location"] = location }
            return object
        })
    }

    /// The feed document feed-map must write, byte for byte: ids as the payload spells them.
    static var feedDocument: String {
        let items = items.map { item -> String in
            var parts = ["\"id\":\"\(item.id.lowercased())\""]
            if let description = item.description { parts.append("\"description\":\"\(description)\"") }
            if let location = item.location { parts.append("\"location\":\"\(location)\"") }
            parts.append("\"url\":\"\(item.image)\"")
            return "{" + parts.joined(separator: ",") + "}"
        }
        return "{\"items\":[" + items.joined(separator: ",") + "]}\n"
    }
}
