/// Cached documents past the size at which two threads share a first pass
/// (`SplitItemCheck`), each split near its middle at `,{"`: between two
/// items ("plain"), inside a nested value that spans the middle ("nested":
/// the first thread then checks the whole alone), and with a fault in the
/// second half ("broken", which the reference cannot read either).
enum SplitDocuments {
    /// `item(index, extra members)` writes one item.
    static func variants(count: Int, _ item: (Int, String) -> String) -> [(name: String, items: [String], readable: Bool)] {
        let plain = (0..<count).map { item($0, "") }
        var nested = plain
        nested[count / 2] = item(count / 2, #","tags":[0"# + String(repeating: #",{"k":1}"#, count: count * 4) + "]")
        var broken = plain
        broken[count * 3 / 4] = #"{"id":"x","flag":tru}"#
        return [("plain", plain, true), ("nested", nested, true), ("broken", broken, false)]
    }

    /// `{"items":[…]}` and a newline, as `save` writes it.
    static func document(_ items: [String]) -> [UInt8] {
        Array(("{\"items\":[" + items.joined(separator: ",") + "]}\n").utf8)
    }
}
