import CamProbeTesting
import CaptureModel

/// Imported formats as the fake enumerates them (`VIDIOC_ENUM_FMT`, `VIDIOC_ENUM_FRAMESIZES`,
/// `VIDIOC_ENUM_FRAMEINTERVALS`), intervals as the driver reports them.
enum FixtureFormats {
    static func spec(_ f: PixelFormat, uvc: Bool) throws -> FakeFormatSpec {
        var s = try FixtureSeed.format()
        s.fourcc = f.fourcc.description
        s.description = f.description
        if f.flags.rawValue != 0 { s.flags = f.flags.rawValue }
        if f.bufferType == .videoCaptureMultiplanar { s.bufferType = "capture-mplane" }
        s.sizes = try f.sizes.map { try size($0, uvc: uvc) }
        return s
    }

    /// A controls-only dump's node still needs a format to be a working camera: MJPG 1920x1080 at uvcvideo's 30 fps.
    static func assumed() throws -> FakeFormatSpec {
        var s = try FixtureSeed.format()
        (s.fourcc, s.description, s.flags) = ("MJPG", "Motion-JPEG", 1)
        var size = try FixtureSeed.size()
        size.discrete = "1920x1080"
        var iv = try FixtureSeed.intervals()
        iv.discrete = ["333333/10000000"]
        size.intervals = iv
        s.sizes = [size]
        return s
    }

    static func size(_ size: FrameSize, uvc: Bool) throws -> FakeSizeSpec {
        var s = try FixtureSeed.size()
        switch size {
        case .discrete(let d, let intervals):
            s.discrete = d.description
            s.intervals = try self.intervals(intervals, uvc: uvc)
        case .stepwise(let lo, let hi, let step, let atMin, let atMax):
            var r = try FixtureSeed.range()
            (r.min, r.max, r.step) = (lo.description, hi.description, step.description)
            s.stepwise = r
            s.intervals = try intervals(atMin, uvc: uvc)
            if atMax != atMin { s.intervalsAtMax = try intervals(atMax, uvc: uvc) }
        case .continuous(let lo, let hi, let atMin, let atMax):
            var r = try FixtureSeed.range()
            (r.min, r.max) = (lo.description, hi.description)
            s.continuous = r
            s.intervals = try intervals(atMin, uvc: uvc)
            if atMax != atMin { s.intervalsAtMax = try intervals(atMax, uvc: uvc) }
        }
        return s
    }

    /// A size v4l2-ctl printed no intervals for answers an empty list.
    static func intervals(_ intervals: FrameIntervals, uvc: Bool) throws -> FakeIntervalsSpec {
        var s = try FixtureSeed.intervals()
        switch intervals {
        case .discrete(let list): s.discrete = list.map { fraction($0, uvc: uvc) }
        case .stepwise(let lo, let hi, let step):
            var r = try FixtureSeed.intervalRange()
            (r.min, r.max, r.step) = (fraction(lo, uvc: uvc), fraction(hi, uvc: uvc), fraction(step, uvc: false))
            s.stepwise = r
        case .continuous(let lo, let hi):
            var r = try FixtureSeed.intervalRange()
            (r.min, r.max) = (fraction(lo, uvc: uvc), fraction(hi, uvc: uvc))
            s.continuous = r
        case .unknown: s.discrete = []
        }
        return s
    }

    /// The interval as the driver reports it. uvcvideo reports `dwFrameInterval` in 100 ns units, so its fraction is
    /// N/10000000 with N the period of the rate v4l2-ctl printed (three decimals: "29.970 fps" → 333667/10000000);
    /// the importer's reduced fraction (1001/30000) is within half a thousandth of that rate, so rounding it to three
    /// decimals gives the printed rate back. Other drivers: the importer's fraction.
    static func fraction(_ d: FrameDuration, uvc: Bool) -> String {
        let r = d.interval
        guard uvc, r.numerator != 0, r.denominator != 0 else { return "\(r.numerator)/\(r.denominator)" }
        let printed = (Double(r.denominator) / Double(r.numerator) * 1000).rounded() / 1000
        return "\(Int((10_000_000 / printed).rounded(.toNearestOrEven)))/10000000"
    }
}
