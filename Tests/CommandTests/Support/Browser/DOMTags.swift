/// The start tags of a DOM as Chromium serializes it (`--dump-dom`), each
/// with its attributes. The serializer escapes `<` in text and writes every
/// attribute value in double quotes with `"` escaped, so a `<` followed by a
/// letter starts a real element, and a quoted value ends at the next `"`.
struct DOMTags {
    struct Tag {
        var name: String
        var attributes: [(name: String, value: String)]
    }

    private(set) var tags: [Tag] = []

    init(_ html: String) {
        let characters = Array(html.unicodeScalars)
        var index = 0
        func isLetter(_ at: Int) -> Bool { at < characters.count && characters[at].properties.isAlphabetic }
        func read(while condition: (Unicode.Scalar) -> Bool) -> String {
            var text = String.UnicodeScalarView()
            while index < characters.count, condition(characters[index]) { text.append(characters[index]); index += 1 }
            return String(text)
        }
        while index < characters.count {
            guard characters[index] == "<", isLetter(index + 1) else { index += 1; continue }
            index += 1
            var tag = Tag(name: read { !" \t\n/>".unicodeScalars.contains($0) }.lowercased(), attributes: [])
            while index < characters.count, characters[index] != ">" {
                if " \t\n/".unicodeScalars.contains(characters[index]) { index += 1; continue }
                let name = read { !" \t\n/>=".unicodeScalars.contains($0) }.lowercased()
                var value = ""
                if index < characters.count, characters[index] == "=" {
                    index += 2 // = and the opening quote
                    value = read { $0 != "\"" }
                    index += 1
                }
                tag.attributes.append((name, value))
            }
            tags.append(tag)
        }
    }

    func named(_ name: String) -> [Tag] { tags.filter { $0.name == name } }
}
