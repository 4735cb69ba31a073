import FeedCore

/// Where one item's fields stand in the text, by their place in the schema
/// (up to eight fields; no allocation per item).
struct ItemSpans {
    private var slots: (JSONSpan?, JSONSpan?, JSONSpan?, JSONSpan?, JSONSpan?, JSONSpan?, JSONSpan?, JSONSpan?)
        = (nil, nil, nil, nil, nil, nil, nil, nil)

    static let capacity = 8

    subscript(index: Int) -> JSONSpan? {
        get {
            switch index {
            case 0: return slots.0
            case 1: return slots.1
            case 2: return slots.2
            case 3: return slots.3
            case 4: return slots.4
            case 5: return slots.5
            case 6: return slots.6
            default: return slots.7
            }
        }
        set {
            switch index {
            case 0: slots.0 = newValue
            case 1: slots.1 = newValue
            case 2: slots.2 = newValue
            case 3: slots.3 = newValue
            case 4: slots.4 = newValue
            case 5: slots.5 = newValue
            case 6: slots.6 = newValue
            default: slots.7 = newValue
            }
        }
    }
}
