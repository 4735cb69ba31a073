/// One field of a feed item, defined once: its key in the feed document,
/// its key in the API's payload, whether it must be there, its type, and
/// what each output format does with it. The reference mapper, the fast
/// path's writer, the cache's checks, the item lines, the text list and the
/// page all read these; `FeedSchema` lists which fields each schema has.
///
/// Every format places every field, or says here why it does not:
/// json and jsonl write each of its schema's fields, always (no entry
/// needed); tsv gives it a column (`TabSeparated`); the text list and the
/// page show it in a role (`TextRole`, `PageRole`). `FeedItemFieldTableTests`
/// holds the table to that, over every schema.
public struct FeedItemField: Sendable {
    public enum Kind: Sendable {
        /// A UUID in any case, written in upper case.
        case uuid
        case string
        /// An absolute URL (`scheme://host…`).
        case url
        /// A whole number.
        case integer
    }

    /// Where `--format tsv` writes the field: a column of its own, the
    /// columns in this order (an item's line has those of its schema and of
    /// images), or none, and why.
    public enum TabSeparated: Equatable, Sendable {
        case column(Int)
        case none(because: String)
    }

    /// How `--format text` shows the field, under the item's first line.
    public enum TextRole: Equatable, Sendable {
        /// The item's first line, on one line (line breaks made spaces),
        /// where not empty.
        case title
        /// `by TEXT` right under the title; the first line itself when the
        /// item has no title. Not shown where empty.
        case byline
        /// A line of its own, on one line, where not empty (a number: as
        /// written, whenever the item has it); with the field's unit after
        /// it, if it has one.
        case line
        /// A line of its own, as written (control characters escaped),
        /// whenever the item has the field.
        case verbatim
        case notShown(because: String)
    }

    /// How the feed page shows the field in the item's `<figure>`.
    public enum PageRole: Equatable, Sendable {
        /// The image: embedded from the cache under this text, or a
        /// placeholder naming it.
        case image
        /// A line of the caption (`<p class="NAME">`, as written, with the
        /// field's unit), where not empty, in the style `style`; `alt`: the
        /// image's text alternative is the first such field the item has.
        case caption(CaptionStyle, alt: Bool)
        case notShown(because: String)
    }

    /// How a caption line looks: a lead comes first and stands out; a body
    /// text is plain, clamped on its card when long (the whole of it a click
    /// away); an aside is muted.
    public enum CaptionStyle: Equatable, Sendable {
        case lead, body, aside
    }

    /// What follows a number when it is shown: `one` after exactly 1, else
    /// `other`.
    public struct Unit: Sendable {
        public let one: String
        public let other: String
    }

    /// The key in the feed document that feed-map writes and feed-cache keeps.
    public let name: String
    /// The key in the API's payload it is read from.
    public let payloadKey: String
    public let isRequired: Bool
    public let kind: Kind
    public let tsv: TabSeparated
    public let text: TextRole
    public let page: PageRole
    public let unit: Unit?

    init(_ name: String, from payloadKey: String? = nil, _ kind: Kind, required: Bool = true,
         tsv: TabSeparated, text: TextRole, page: PageRole, unit: Unit? = nil) {
        self.name = name
        self.payloadKey = payloadKey ?? name
        self.isRequired = required
        self.kind = kind
        (self.tsv, self.text, self.page, self.unit) = (tsv, text, page, unit)
    }

    public static let id = FeedItemField("id", .uuid, tsv: .column(0),
                                         text: .notShown(because: "an id is for programs"),
                                         page: .notShown(because: "an id is for programs"))
    public static let description = FeedItemField("description", .string, required: false, tsv: .column(2),
                                                  text: .title, page: .caption(.body, alt: true))
    public static let location = FeedItemField("location", .string, required: false, tsv: .column(3),
                                               text: .line, page: .caption(.aside, alt: true))
    public static let author = FeedItemField("author", .string, tsv: .column(4),
                                             text: .byline, page: .caption(.lead, alt: true))
    public static let likes = FeedItemField("likes", .integer, tsv: .column(5),
                                            text: .line, page: .caption(.aside, alt: false), unit: Unit(one: "like", other: "likes"))
    public static let url = FeedItemField("url", from: "image", .url, tsv: .column(1),
                                          text: .verbatim, page: .image)

    /// Every field of every schema, once: the fields an item's texts hold
    /// (`ShownTexts`), and the order the text list's lines, the caption's
    /// lines and the candidates for the image's `alt` follow.
    public static let all: [FeedItemField] = [.id, .description, .location, .author, .likes, .url]
}
