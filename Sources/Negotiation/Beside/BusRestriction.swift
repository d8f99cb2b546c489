import CaptureModel

/// A capture node cut down to the modes that fit beside what already streams in its domain: each frame size keeps
/// the frame intervals whose reservation fits. A range of intervals becomes the common rates inside it that fit (its
/// slowest end included), since the reservation of an uncompressed mode grows with its rate.
enum BusRestriction {
    /// Rates tried inside a stepwise or continuous interval range, fps.
    static let commonRates: [Rational] = [
        Rational(120, 1), Rational(60, 1), Rational(50, 1), Rational(30, 1), Rational(25, 1), Rational(24, 1), Rational(20, 1),
        Rational(15, 1), Rational(12, 1), Rational(10, 1), Rational(15, 2), Rational(5, 1), Rational(3, 1), Rational(2, 1),
        Rational(1, 1),
    ]

    static func restrict(_ node: CaptureNodeCapabilities, beside bus: BusContext) -> CaptureNodeCapabilities {
        var out = node
        out.formats = node.formats.map { f in
            var g = f
            g.sizes = f.sizes.compactMap { restrict($0, of: f, bus) }
            return g
        }.filter { !$0.sizes.isEmpty }
        return out
    }

    static func restrict(_ size: FrameSize, of f: PixelFormat, _ bus: BusContext) -> FrameSize? {
        switch size {
        case .discrete(let d, let iv):
            guard let kept = restrict(iv, f, d, bus) else { return nil }
            return .discrete(d, intervals: kept)
        case .stepwise(let lo, let hi, let step, let a, let b):
            guard let ka = restrict(a, f, lo, bus), let kb = restrict(b, f, hi, bus) else { return nil }
            return .stepwise(min: lo, max: hi, step: step, intervalsAtMin: ka, intervalsAtMax: kb)
        case .continuous(let lo, let hi, let a, let b):
            guard let ka = restrict(a, f, lo, bus), let kb = restrict(b, f, hi, bus) else { return nil }
            return .continuous(min: lo, max: hi, intervalsAtMin: ka, intervalsAtMax: kb)
        }
    }

    /// The intervals of one size that fit; nil when none does.
    static func restrict(_ iv: FrameIntervals, _ f: PixelFormat, _ size: Dimensions, _ bus: BusContext) -> FrameIntervals? {
        switch iv {
        case .discrete(let list):
            let kept = list.filter { bus.fits(f, size, $0) }
            return kept.isEmpty ? nil : .discrete(kept)
        case .stepwise(let lo, let hi, _), .continuous(let lo, let hi):
            if bus.fits(f, size, lo) { return iv }
            // The fastest fits not: the common rates inside the range that do, and the slowest end.
            let inside = commonRates.map { FrameDuration($0.reciprocal) }.filter {
                Rational.compare($0.interval, lo.interval) > 0 && Rational.compare($0.interval, hi.interval) < 0
            }
            let kept = (inside + [hi]).filter { bus.fits(f, size, $0) }
            return kept.isEmpty ? nil : .discrete(kept)
        case .unknown:
            // Nothing enumerated: what it reserves cannot be told, so nothing is taken away.
            return iv
        }
    }
}
