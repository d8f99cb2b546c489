import CaptureModel

/// The frame intervals one size of one format offers, as exact fractions
/// (seconds per frame): a list, or a range with an optional step.
package enum RateOffer: Sendable, Hashable {
    case discrete([Rational])
    /// [min, max] intervals; `step` nil means continuous.
    case range(min: Rational, max: Rational, step: Rational?)
    case unknown

    /// The offer of one size's `VIDIOC_ENUM_FRAMEINTERVALS` answer.
    package init(intervals iv: FrameIntervals) { self.init(iv) }

    init(_ iv: FrameIntervals) {
        switch iv {
        case .discrete(let l):
            var valid: [Rational] = []
            valid.reserveCapacity(l.count)
            for d in l where d.interval.isValid { valid.append(d.interval) }
            self = valid.isEmpty ? .unknown : .discrete(valid)
        case .stepwise(let a, let b, let s):
            self =
                a.interval.isValid && b.interval.isValid
                ? .range(min: a.interval, max: b.interval, step: s.interval.isValid ? s.interval : nil) : .unknown
        case .continuous(let a, let b):
            self = a.interval.isValid && b.interval.isValid ? .range(min: a.interval, max: b.interval, step: nil) : .unknown
        case .unknown: self = .unknown
        }
    }

    /// The shortest interval (highest rate).
    package var fastest: Rational? {
        switch self {
        case .discrete(let l): return l.min { Rational.compare($0, $1) < 0 }
        case .range(let a, _, _): return a
        case .unknown: return nil
        }
    }

    /// The longest interval (lowest rate).
    package var slowest: Rational? {
        switch self {
        case .discrete(let l): return l.max { Rational.compare($0, $1) < 0 }
        case .range(_, let b, _): return b
        case .unknown: return nil
        }
    }

    /// Whether `interval` is exactly one this offer allows (on the step grid for stepwise ranges).
    package func contains(_ interval: Rational) -> Bool {
        switch self {
        case .discrete(let l): return l.contains { RateOffer.sameRate($0, interval) }
        case .range(let a, let b, let step):
            guard Rational.compare(interval, a) >= 0, Rational.compare(interval, b) <= 0 else { return false }
            guard let step else { return true }
            // (interval - a) / step must be a whole number: exact, in 128-bit arithmetic.
            let num =
                (Int128(interval.numerator) * Int128(a.denominator) - Int128(a.numerator) * Int128(interval.denominator))
                * Int128(step.denominator)
            let den = Int128(interval.denominator) * Int128(a.denominator) * Int128(step.numerator)
            return den != 0 && num % den == 0
        case .unknown: return false
        }
    }

    /// The interval the driver itself uses for `interval`'s rate (its own fraction,
    /// e.g. 333333/10000000 for 1/30), or nil when the rate is not offered.
    package func matching(_ interval: Rational) -> Rational? {
        switch self {
        case .discrete(let l): return l.first { RateOffer.sameRate($0, interval) }
        case .range: return contains(interval) ? interval : nil
        case .unknown: return nil
        }
    }

    /// The allowed interval closest to `interval` (by rate ratio); ties go to the faster.
    package func nearest(to interval: Rational) -> Rational? {
        switch self {
        case .discrete(let l):
            guard let target = interval.doubleValue, target > 0 else { return fastest }
            return l.min { x, y in
                let dx = abs(log((x.doubleValue ?? 1) / target))
                let dy = abs(log((y.doubleValue ?? 1) / target))
                return dx != dy ? dx < dy : Rational.compare(x, y) < 0
            }
        case .range(let a, let b, let step):
            if Rational.compare(interval, a) <= 0 { return a }
            if Rational.compare(interval, b) >= 0 { return b }
            guard let step else { return interval }
            guard let t = interval.doubleValue, let lo = a.doubleValue, let s = step.doubleValue, s > 0 else { return a }
            let k = ((t - lo) / s).rounded()
            return RateOffer.onGrid(a, step, k: UInt64(min(max(0, k), 4e9))).flatMap { contains($0) ? $0 : nil } ?? a
        case .unknown: return nil
        }
    }

    /// Two intervals name the same rate when they differ by no more than half of
    /// UVC's 100 ns unit (uvcvideo reports 1/30 s as 333333/10000000): 30 fps is
    /// then 333333/10000000, while 29.97 (1001/30000) stays 33 µs away from 30.
    static func sameRate(_ a: Rational, _ b: Rational) -> Bool {
        let diff = Int128(a.numerator) * Int128(b.denominator) - Int128(b.numerator) * Int128(a.denominator)
        return (diff < 0 ? -diff : diff) * 20_000_000 <= Int128(a.denominator) * Int128(b.denominator)
    }

    /// a + k·step as an exact fraction, when it fits in 32 bits.
    static func onGrid(_ a: Rational, _ step: Rational, k: UInt64) -> Rational? {
        let n = UInt128(a.numerator) * UInt128(step.denominator) + UInt128(k) * UInt128(step.numerator) * UInt128(a.denominator)
        var d = UInt128(a.denominator) * UInt128(step.denominator)
        var g = n
        var h = d
        while h != 0 { (g, h) = (h, g % h) }
        guard g != 0 else { return nil }
        let rn = n / g
        d /= g
        guard rn <= UInt128(UInt32.max), d <= UInt128(UInt32.max) else { return nil }
        return Rational(UInt32(rn), UInt32(d))
    }

    /// Allowed intervals within [lo, hi] (rates between 1/hi and 1/lo), shortest first.
    func shortest(within lo: Rational, _ hi: Rational) -> Rational? {
        switch self {
        case .discrete(let l):
            return l.filter { Rational.compare($0, lo) >= 0 && Rational.compare($0, hi) <= 0 }.min { Rational.compare($0, $1) < 0 }
        case .range(let a, let b, let step):
            let start = Rational.compare(lo, a) > 0 ? lo : a
            let end = Rational.compare(hi, b) < 0 ? hi : b
            guard Rational.compare(start, end) <= 0 else { return nil }
            guard let step, !contains(start) else { return start }
            guard let t = start.doubleValue, let base = a.doubleValue, let s = step.doubleValue, s > 0 else { return nil }
            let k = ((t - base) / s).rounded(.up)
            guard let g = RateOffer.onGrid(a, step, k: UInt64(min(max(0, k), 4e9))), Rational.compare(g, end) <= 0 else { return nil }
            return g
        case .unknown: return nil
        }
    }

    /// "30, 15 fps" or "1–60 fps".
    package var summary: String {
        switch self {
        case .discrete(let l): return l.compactMap(\.reciprocalValue).map(formatFPS).joined(separator: ", ") + " fps"
        case .range(let a, let b, _): return "\(b.reciprocalValue.map(formatFPS) ?? "?")–\(a.reciprocalValue.map(formatFPS) ?? "?") fps"
        case .unknown: return "rate not reported"
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif
