import CaptureModel
import DeviceFixtures

/// A fixture's formats parsed once (fourccs, sizes and fractions as numbers),
/// so the fake answers each ioctl in constant time, like a driver's table,
/// and benchmarks measure camprobe rather than fixture parsing.
struct FakeParsedFormats {
    struct Size {
        enum Kind { case discrete, stepwise, continuous }
        var kind: Kind
        var min: Dimensions
        var max: Dimensions
        var step: Dimensions
        var intervals: FakeIntervalsSpec?
        var intervalsAtMax: FakeIntervalsSpec?
        var parsedIntervals: [Rational]?
        var parsedIntervalsAtMax: [Rational]?
    }
    struct Format {
        var spec: FakeFormatSpec
        var fourcc: UInt32
        var flags: UInt32
        var mplane: Bool
        var sizes: [Size]
    }

    var native: [Format]
    var emulated: [Format]
    var byFourCC: [UInt32: Int] = [:]  // index into native
    var emulatedByFourCC: [UInt32: Int] = [:]  // index into emulated

    init(_ spec: FakeNodeSpec) {
        native = (spec.formats ?? []).map(FakeParsedFormats.parse)
        emulated = (spec.emulatedFormats ?? []).map(FakeParsedFormats.parse).map { f in
            var e = f
            e.flags |= 0x2
            return e
        }
        for (i, f) in native.enumerated() where byFourCC[f.fourcc] == nil { byFourCC[f.fourcc] = i }
        for (i, f) in emulated.enumerated() where emulatedByFourCC[f.fourcc] == nil { emulatedByFourCC[f.fourcc] = i }
    }

    static func parse(_ f: FakeFormatSpec) -> Format {
        let sizes: [Size] = f.sizes.compactMap { s in
            let ivs = s.intervals?.discrete?.compactMap { Rational(parsing: $0) }
            let ivsMax = s.intervalsAtMax?.discrete?.compactMap { Rational(parsing: $0) }
            if let d = s.discrete.flatMap({ Dimensions(parsing: $0) }) {
                return Size(
                    kind: .discrete, min: d, max: d, step: Dimensions(width: 1, height: 1), intervals: s.intervals,
                    intervalsAtMax: nil, parsedIntervals: ivs, parsedIntervalsAtMax: nil)
            }
            guard let r = s.stepwise ?? s.continuous, let lo = Dimensions(parsing: r.min), let hi = Dimensions(parsing: r.max) else {
                return nil
            }
            let step = r.step.flatMap { Dimensions(parsing: $0) } ?? Dimensions(width: 1, height: 1)
            return Size(
                kind: s.stepwise != nil ? .stepwise : .continuous, min: lo, max: hi, step: step, intervals: s.intervals,
                intervalsAtMax: s.intervalsAtMax, parsedIntervals: ivs, parsedIntervalsAtMax: ivsMax)
        }
        return Format(
            spec: f, fourcc: FourCC(f.fourcc)?.rawValue ?? 0, flags: f.flags ?? 0,
            mplane: (f.bufferType ?? "capture") == "capture-mplane", sizes: sizes)
    }

    /// The format a fourcc names (the first one, as drivers answer by fourcc).
    func find(_ fourcc: UInt32, emulatedToo: Bool) -> Format? {
        if let i = byFourCC[fourcc] { return native[i] }
        if emulatedToo, let i = emulatedByFourCC[fourcc] { return emulated[i] }
        return nil
    }
}
