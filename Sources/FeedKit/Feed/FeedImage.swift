/// An image in the feed: the case study's `FeedImage`.
public struct FeedImage: Equatable, Sendable {
    /// Upper-case canonical UUID.
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
        return .object(JSONObject(distinct: members))
    }
}

/// A spot of the SpotAFire variant (spec/spots-variant.md).
public struct FeedSpot: Equatable, Sendable {
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
        return .object(JSONObject(distinct: members))
    }
}

/// `{"items":[…]}`: what feed-map writes and feed-cache stores.
public struct FeedDocument: Equatable, Sendable {
    public var items: [JSON]

    public init(items: [JSON]) {
        self.items = items
    }

    public var json: JSON {
        .object(JSONObject(distinct: [("items", .array(items))]))
    }
}
