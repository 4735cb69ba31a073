import FeedTestSupport

/// Seeded small damage to a valid input, for the differential tests: one to
/// three bytes replaced by, or inserted from, `alphabet`, or removed.
struct ByteMutations {
    var random: SplitMix64
    let alphabet: [UInt8]

    mutating func mutated(_ base: [UInt8]) -> [UInt8] {
        var input = base
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard !input.isEmpty else { break }
            let at = Int.random(in: 0..<input.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: input[at] = alphabet.randomElement(using: &random) ?? 0x20
            case 1: input.insert(alphabet.randomElement(using: &random) ?? 0x20, at: at)
            default: input.remove(at: at)
            }
        }
        return input
    }
}
