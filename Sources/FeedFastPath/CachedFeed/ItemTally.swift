/// What a first pass over a cached document's items checks and notes of
/// each (`SplitItemCheck`): a tally per share of the items, the second
/// share's appended to the first's.
protocol ItemTally {
    /// Checks the item at the cursor (its `{` there) and moves past it;
    /// false for anything it does not take.
    mutating func item(_ cursor: inout StoredEnvelope.Cursor) -> Bool
    /// Adds what the share after this one noted.
    mutating func append(_ later: Self)
}
