/// A request header of `-H 'NAME: VALUE'`, with curl's meaning: sent on every
/// request of the run, in place of any header of the same name the client
/// would send itself. Its value is a secret as far as output goes: no error
/// message and no description ever shows it.
public struct RequestHeader: Equatable, Sendable, CustomStringConvertible {
    /// An HTTP token (RFC 9110), compared without regard to case.
    public var name: String
    /// Without its surrounding spaces. Empty for curl's `NAME;`, which sends
    /// the header with an empty value; nil for `NAME:` with nothing after the
    /// colon, which (as in curl) sends no header of that name at all, not even
    /// one the client would add itself.
    public var value: String?

    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// The header as curl takes it (and `parse` reads it back):
    /// `NAME: VALUE`, `NAME;` (empty value) or `NAME:` (removed).
    public var line: String {
        guard let value else { return name + ":" }
        return value.isEmpty ? name + ";" : "\(name): \(value)"
    }

    /// The name and the form, never the value: `Authorization: …`.
    public var description: String {
        guard let value else { return name + ":" }
        return value.isEmpty ? name + ";" : name + ": …"
    }

    /// The headers to send for `headers` in the order given: one per name
    /// (compared without regard to case), the last given for it, at the place
    /// where that name first appeared.
    public static func merged(_ headers: [RequestHeader]) -> [RequestHeader] {
        var merged: [RequestHeader] = []
        var places: [String: Int] = [:]
        for header in headers {
            let key = header.name.lowercased()
            if let place = places[key] {
                merged[place] = header
            } else {
                places[key] = merged.count
                merged.append(header)
            }
        }
        return merged
    }
}
