/// A bit set whose members have stable names, encoded in JSON as a list of
/// names (unknown bits as `"0x…"`), e.g. `["compressed", "emulated"]`.
public protocol NamedFlags: OptionSet, Sendable, Hashable, Codable where RawValue == UInt32 {
    /// (bit, name) pairs in display order.
    static var names: [(UInt32, String)] { get }
}

extension NamedFlags {
    /// Member names, unknown bits rendered as hex.
    public var names: [String] {
        var out: [String] = []
        var rest = rawValue
        for (bit, name) in Self.names where rawValue & bit == bit && bit != 0 {
            out.append(name)
            rest &= ~bit
        }
        var b: UInt32 = 1
        while rest != 0 && b != 0 {
            if rest & b != 0 {
                out.append("0x" + String(b, radix: 16, uppercase: false))
                rest &= ~b
            }
            b <<= 1
        }
        return out
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        var v: UInt32 = 0
        for n in try c.decode([String].self) {
            if let (bit, _) = Self.names.first(where: { $0.1 == n }) {
                v |= bit
            } else if n.hasPrefix("0x"), let bit = UInt32(n.dropFirst(2), radix: 16) {
                v |= bit
            } else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "unknown flag \"\(n)\"")
            }
        }
        self.init(rawValue: v)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(names)
    }
}
