/// An exact fraction, as V4L2 reports frame intervals (`struct v4l2_fract`).
///
/// `1001/30000` stays exactly that: it is never reduced or turned into a float
/// unless asked. A zero denominator is representable (drivers do return it) and
/// is reported as invalid rather than trapping.
public struct Rational: Sendable, Hashable, Codable, CustomStringConvertible {
    public var numerator: UInt32
    public var denominator: UInt32

    public init(_ numerator: UInt32, _ denominator: UInt32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// False when the denominator (or, for an interval, the numerator) is zero.
    public var isValid: Bool { denominator != 0 && numerator != 0 }

    /// The value as a Double; `nil` for a zero denominator.
    public var doubleValue: Double? {
        denominator == 0 ? nil : Double(numerator) / Double(denominator)
    }

    /// The reciprocal as a Double (a frame interval's frame rate); `nil` when undefined.
    public var reciprocalValue: Double? {
        numerator == 0 ? nil : Double(denominator) / Double(numerator)
    }

    /// The reciprocal fraction (interval ↔ rate), exact.
    public var reciprocal: Rational { Rational(denominator, numerator) }

    /// Exact comparison by cross-multiplication (no rounding); invalid values (a zero denominator) sort last
    /// and equal one another, `0/0` among them.
    public static func compare(_ a: Rational, _ b: Rational) -> Int {
        if a.denominator == 0 || b.denominator == 0 {
            return a.denominator == b.denominator ? 0 : (a.denominator == 0 ? 1 : -1)
        }
        let l = UInt64(a.numerator) * UInt64(b.denominator)
        let r = UInt64(b.numerator) * UInt64(a.denominator)
        return l < r ? -1 : (l > r ? 1 : 0)
    }

    /// Equal value, e.g. 1/30 and 2/60 (Hashable equality is field-wise).
    public func hasSameValue(as other: Rational) -> Bool { Rational.compare(self, other) == 0 }

    public var description: String { "\(numerator)/\(denominator)" }

    /// Parses "n/d" or a plain integer "n" (meaning n/1).
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 1, let n = UInt32(parts[0].trimmingSpaces) {
            self.init(n, 1)
        } else if parts.count == 2, let n = UInt32(parts[0].trimmingSpaces), let d = UInt32(parts[1].trimmingSpaces) {
            self.init(n, d)
        } else {
            return nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let r = Rational(parsing: s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected a fraction like \"1001/30000\", got \"\(s)\"")
        }
        self = r
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
