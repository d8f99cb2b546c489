extension Rational {
    /// The same value in lowest terms (`2/10000` → `1/5000`); a zero term leaves the fraction as it is.
    public var reduced: Rational {
        guard numerator != 0, denominator != 0 else { return self }
        let g = Rational.gcd(UInt64(numerator), UInt64(denominator))
        return Rational(UInt32(UInt64(numerator) / g), UInt32(UInt64(denominator) / g))
    }

    /// `n/d` in lowest terms as text, for a signed numerator (`-4/10000` → `-1/2500`, `40000/10000` → `4/1`).
    public static func reducedText(_ n: Int64, over d: UInt64) -> String {
        guard d != 0 else { return "\(n)/0" }
        let g = n == 0 ? d : gcd(n.magnitude, d)
        let num = n.magnitude / g
        return "\(n < 0 ? "-" : "")\(num)/\(d / g)"
    }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}

extension FrameDuration {
    /// The rate people name it by: frames per second rounded to 0.01 (`333333/10000000` → 30, `1001/30000` → 29.97).
    public var nominalFPS: Double? { fps.map { ($0 * 100).rounded() / 100 } }
}
