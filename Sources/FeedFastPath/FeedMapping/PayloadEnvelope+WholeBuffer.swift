/// The envelope as the test server reads a payload file (LoopbackHTTP's
/// `FeedPayloadItems`): the same reader as feed-map's, with escaped keys
/// decoded (`"\u0069tems"` is `items`) rather than declined.
extension PayloadEnvelope {
    /// Reads `buffer`, a whole payload: an object with an `items` array and
    /// nothing but white space after it. `items` is called inside each
    /// `items` array (a later one replaces an earlier one) with where its
    /// `[` is and whether it is empty; it reads the elements to the `]`, or
    /// returns false to fail the reading.
    static func read(_ buffer: UnsafeMutableBufferPointer<UInt8>,
                            items: (inout JSONCursor<JSONScanner>, _ opening: Int, _ isEmpty: Bool) -> Bool) -> Bool {
        var cursor = JSONCursor(JSONScanner(buffer))
        let read = self.read(&cursor, alone: false, escapedKeys: .pass) { cursor, opening, isEmpty in
            items(&cursor, opening, isEmpty) ? .complete : .failed
        }
        return read == .complete
    }
}
