import CaptureModel

/// Exact frame intervals from v4l2-ctl's rounded text ("0.033s (29.970 fps)").
enum RateText {
    /// The interval for a printed frame rate: integer rates are 1/N, rates with a
    /// small denominator (7.5, 12.5) are exact, NTSC rates (29.97, 59.94, 23.976)
    /// are 1001/(N·1000); anything else is rounded to 100 ns units, as uvcvideo reports.
    static func interval(fps: Double) -> Rational? {
        guard fps.isFinite, fps > 0, fps < 1_000_000 else { return nil }
        let tolerance = 0.0006
        for q in 1...8 {
            let p = fps * Double(q)
            if abs(p - p.rounded()) < tolerance * Double(q), p.rounded() >= 1, p.rounded() < 4e9 {
                return Rational(UInt32(q), UInt32(p.rounded())).reduced
            }
        }
        let ntsc = fps * 1.001
        if abs(ntsc - ntsc.rounded()) < tolerance * 2, ntsc.rounded() >= 1, ntsc.rounded() * 1000 < 4e9 {
            return Rational(1001, UInt32(ntsc.rounded() * 1000)).reduced
        }
        let units = (1e7 / fps).rounded()
        guard units >= 1, units < 4e9 else { return nil }
        return Rational(UInt32(units), 10_000_000).reduced
    }

    /// The interval for a printed duration in seconds ("0.033s"), when no rate is printed.
    static func interval(seconds: Double) -> Rational? {
        guard seconds.isFinite, seconds > 0 else { return nil }
        return interval(fps: 1 / seconds)
    }

    /// "(30.000 fps)" or "(1.000-30.000 fps)" → the numbers.
    static func fpsValues(_ text: Substring) -> [Double] {
        guard let open = text.lastIndex(of: "("), let fps = text[open...].firstRange(of: " fps") else { return [] }
        return text[text.index(after: open)..<fps.lowerBound].split(separator: "-").compactMap { Double($0.trimmed) }
    }

    /// "0.033s" → 0.033
    static func seconds(_ token: Substring) -> Double? {
        guard token.hasSuffix("s") else { return nil }
        return Double(token.dropLast())
    }
}

extension Rational {
    /// Lowest terms.
    var reduced: Rational {
        var a = numerator
        var b = denominator
        while b != 0 { (a, b) = (b, a % b) }
        guard a > 1 else { return self }
        return Rational(numerator / a, denominator / a)
    }
}

extension StringProtocol {
    var trimmed: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return s
    }

    /// "Key   : value" → ("Key", "value"), splitting at the first colon.
    var keyValue: (key: Substring, value: Substring)? {
        guard let c = firstIndex(of: ":") else { return nil }
        return (self[startIndex..<c].trimmed, self[index(after: c)...].trimmed)
    }
}
