import FeedCore

/// The tests' way to spell an item's shown texts field by field, by the
/// fields' names (the sources read them from `FeedItemField.all` only).
extension ShownTexts {
    public init(id: Text? = nil, url: Text? = nil, description: Text? = nil, location: Text? = nil, author: Text? = nil, likes: Text? = nil) {
        self.init()
        for (field, text) in [(FeedItemField.id, id), (.url, url), (.description, description), (.location, location), (.author, author), (.likes, likes)] {
            self[ShownField(field)] = text
        }
    }

    public var id: Text? { self[ShownField(.id)] }
    public var description: Text? { self[ShownField(.description)] }
    public var location: Text? { self[ShownField(.location)] }
    public var author: Text? { self[ShownField(.author)] }
    public var likes: Text? { self[ShownField(.likes)] }
}
