import FeedCore

/// The case study's `FeedImage`, as the tests expect feed-map to write it:
/// spelled here on its own, not read from the schema table under test.
public struct FeedImage: Equatable {
    public var id: String
    public var description: String?
    public var location: String?
    public var url: String

    public init(id: String, description: String? = nil, location: String? = nil, url: String) {
        self.id = id
        self.description = description
        self.location = location
        self.url = url
    }

    /// `{"id":…,"description":…?,"location":…?,"url":…}`, optional keys left out.
    public var json: JSON {
        var members: [(key: String, value: JSON)] = [("id", .string(id))]
        if let description { members.append(("description", .string(description))) }
        if let location { members.append(("location", .string(location))) }
        members.append(("url", .string(url)))
        return .object(JSONObject(members))
    }
}

/// A spot of the SpotAFire variant, as the tests expect it written.
public struct FeedSpot: Equatable {
    public var id: String
    public var author: String
    public var description: String?
    public var likes: Int
    public var url: String

    public init(id: String, author: String, description: String? = nil, likes: Int, url: String) {
        self.id = id
        self.author = author
        self.description = description
        self.likes = likes
        self.url = url
    }

    /// `{"id":…,"author":…,"description":…?,"likes":…,"url":…}`.
    public var json: JSON {
        var members: [(key: String, value: JSON)] = [("id", .string(id)), ("author", .string(author))]
        if let description { members.append(("description", .string(description))) }
        members.append(("likes", .number(String(likes))))
        members.append(("url", .string(url)))
        return .object(JSONObject(members))
    }
}
