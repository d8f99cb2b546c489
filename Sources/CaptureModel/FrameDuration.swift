/// A frame interval (`struct v4l2_fract`, seconds per frame) with its rate.
///
/// Encodes as `{"interval": "1001/30000", "seconds": 0.033367, "fps": 29.97003, "nominalFPS": 29.97}`:
/// the fraction, as the driver gave it, is the truth (`reduced` gives it in lowest terms when that differs); the
/// floats are for convenience and are absent when the fraction is invalid (zero numerator or denominator).
public struct FrameDuration: Sendable, Hashable, Codable, CustomStringConvertible {
    public var interval: Rational

    public init(_ interval: Rational) { self.interval = interval }
    public init(_ numerator: UInt32, _ denominator: UInt32) { interval = Rational(numerator, denominator) }

    /// Frames per second, `nil` when the fraction is invalid.
    public var fps: Double? { interval.isValid ? interval.reciprocalValue : nil }
    public var seconds: Double? { interval.isValid ? interval.doubleValue : nil }
    /// Frames per second as an exact fraction (the interval's reciprocal), `nil` when the fraction is invalid.
    package var rate: Rational? { interval.isValid ? interval.reciprocal : nil }

    public var description: String {
        guard let fps else { return "\(interval) (invalid)" }
        return "\(interval) s (\(formatFPS(fps)) fps)"
    }

    enum CodingKeys: String, CodingKey { case interval, reduced, seconds, fps, nominalFPS }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        interval = try c.decode(Rational.self, forKey: .interval)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(interval, forKey: .interval)
        if interval.reduced != interval { try c.encode(interval.reduced, forKey: .reduced) }
        try c.encodeIfPresent(seconds.map(roundTo6), forKey: .seconds)
        try c.encodeIfPresent(fps.map(roundTo6), forKey: .fps)
        try c.encodeIfPresent(nominalFPS, forKey: .nominalFPS)
    }
}

func roundTo6(_ v: Double) -> Double { (v * 1_000_000).rounded() / 1_000_000 }

/// "30", "29.97", "7.5": at most three decimals, trailing zeros dropped.
/// Values no frame rate can have (NaN, infinite, negative or beyond 10¹⁵)
/// are written as Swift prints them rather than trapping.
package func formatFPS(_ fps: Double) -> String {
    guard fps.isFinite, fps >= 0, fps < 1e15 else { return "\(fps)" }
    let milli = Int64((fps * 1000).rounded())
    let whole = milli / 1000
    var frac = milli % 1000
    if frac == 0 { return "\(whole)" }
    var digits = 3
    while frac % 10 == 0 {
        frac /= 10
        digits -= 1
    }
    let s = String(frac)
    return "\(whole)." + String(repeating: "0", count: digits - s.count) + s
}

/// The frame intervals one frame size offers (`VIDIOC_ENUM_FRAMEINTERVALS`).
///
/// Discrete lists keep the driver's order and duplicates (duplicates are also
/// flagged in the node's warnings); stepwise and continuous stay ranges.
public enum FrameIntervals: Sendable, Hashable, Codable {
    case discrete([FrameDuration])
    /// `min`…`max` in `step` increments (fractions of a second per frame).
    case stepwise(min: FrameDuration, max: FrameDuration, step: FrameDuration)
    /// Any interval between `min` and `max` (the kernel reports step 1/1).
    case continuous(min: FrameDuration, max: FrameDuration)
    /// The driver does not enumerate intervals for this size.
    case unknown(reason: String)

    /// The smallest interval, i.e. the highest frame rate on offer.
    public var fastest: FrameDuration? {
        switch self {
        case .discrete(let list):
            return list.filter(\.interval.isValid).min { Rational.compare($0.interval, $1.interval) < 0 }
        case .stepwise(let min, _, _), .continuous(let min, _):
            return min.interval.isValid ? min : nil
        case .unknown: return nil
        }
    }

    enum CodingKeys: String, CodingKey { case type, intervals, min, max, step, reason }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "discrete": self = .discrete(try c.decode([FrameDuration].self, forKey: .intervals))
        case "stepwise":
            self = .stepwise(
                min: try c.decode(FrameDuration.self, forKey: .min), max: try c.decode(FrameDuration.self, forKey: .max),
                step: try c.decode(FrameDuration.self, forKey: .step))
        case "continuous":
            self = .continuous(min: try c.decode(FrameDuration.self, forKey: .min), max: try c.decode(FrameDuration.self, forKey: .max))
        case "unknown": self = .unknown(reason: try c.decodeIfPresent(String.self, forKey: .reason) ?? "")
        case let t: throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown interval type \(t)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .discrete(let list):
            try c.encode("discrete", forKey: .type)
            try c.encode(list, forKey: .intervals)
        case .stepwise(let min, let max, let step):
            try c.encode("stepwise", forKey: .type)
            try c.encode(min, forKey: .min)
            try c.encode(max, forKey: .max)
            try c.encode(step, forKey: .step)
        case .continuous(let min, let max):
            try c.encode("continuous", forKey: .type)
            try c.encode(min, forKey: .min)
            try c.encode(max, forKey: .max)
        case .unknown(let reason):
            try c.encode("unknown", forKey: .type)
            try c.encode(reason, forKey: .reason)
        }
    }
}
