/// An IPv4 range in `no_proxy`, as libcurl reads one: `10.0.0.0/8`.
struct IPv4Range {
    let network: UInt32
    let mask: UInt32

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let bits = Int(parts[1]), (0...32).contains(bits),
              let address = IPv4Range.address(String(parts[0])) else { return nil }
        mask = bits == 0 ? 0 : UInt32.max << (32 - bits)
        network = address & mask
    }

    func contains(_ address: UInt32) -> Bool { address & mask == network }

    /// A dotted-quad address as a number, or nil.
    static func address(_ text: String) -> UInt32? {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var value: UInt32 = 0
        for octet in octets {
            guard !octet.isEmpty, octet.count <= 3, octet.allSatisfy(\.isASCII), let byte = UInt8(octet) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }
}
