/// A property a fuzz target checks that did not hold: what was expected, in
/// words. The libFuzzer entry aborts on it (so the input is kept as a crash);
/// a test replaying the corpus fails with it.
public struct FuzzFinding: Error, CustomStringConvertible {
    public let target: String
    public let what: String

    public var description: String { "\(target): \(what)" }
}

/// `require(condition, "what must hold")`, for the targets' checks.
struct FuzzCheck {
    let target: String

    func require(_ condition: Bool, _ what: @autoclosure () -> String) throws(FuzzFinding) {
        guard condition else { throw FuzzFinding(target: target, what: what()) }
    }

    func fail(_ what: String) -> FuzzFinding {
        FuzzFinding(target: target, what: what)
    }
}
