internal import CV4L2
import CaptureModel
import HostSystem
import V4L2

/// `S_FMT`, `TRY_FMT`, `S_PARM` and `S_PRIORITY` as uvcvideo and vivid answer
/// them: the nearest supported size and interval win (on a `uvcvideo` node with
/// uvcvideo's own arithmetic), a handle at record priority or with buffers
/// allocated makes the others' changes `EBUSY`.
extension FakeV4L2Port {
    /// Another handle holds record priority, or buffers are allocated: the format cannot change.
    var formatLocked: Bool {
        (state.priorityOwner != nil && state.priorityOwner != me) || state.streamOwner != nil
    }

    func setFormat(_ p: UnsafeMutablePointer<v4l2_format>, commit: Bool) -> Int32 {
        let type = p.pointee.type
        let mplane = type == V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue
        guard mplane || type == V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue else { return Errno.EINVAL }
        if commit && formatLocked { return Errno.EBUSY }
        let list = formats(type: type)
        guard !list.isEmpty else { return Errno.EINVAL }
        let want = mplane ? p.pointee.fmt.pix_mp.pixelformat : p.pointee.fmt.pix.pixelformat
        let f = list.first { $0.fourcc == want } ?? list[0]
        let w = mplane ? p.pointee.fmt.pix_mp.width : p.pointee.fmt.pix.width
        let h = mplane ? p.pointee.fmt.pix_mp.height : p.pointee.fmt.pix.height
        guard let size = FakeV4L2Port.nearestSize(in: f.sizes, width: w, height: h) else { return Errno.EINVAL }
        let chosen = FakeActiveFormat(
            fourcc: f.fourcc, width: size.width, height: size.height, mplane: mplane,
            compressed: f.flags & UInt32(V4L2_FMT_FLAG_COMPRESSED) != 0)
        p.pointee = FakeV4L2Port.format(chosen)
        guard commit else { return 0 }
        state.active = chosen
        if let rates = intervalChoices(f, size), let current = state.interval ?? rates.first {
            state.interval = FakeV4L2Port.nearest(current, in: rates)
        }
        return 0
    }

    func setParm(_ p: UnsafeMutablePointer<v4l2_streamparm>) -> Int32 {
        guard let a = state.active else { return Errno.EINVAL }
        if formatLocked && state.streamOwner != me { return Errno.EBUSY }
        guard let f = state.formats.find(a.fourcc, emulatedToo: throughLibV4L2),
            let rates = intervalChoices(f, Dimensions(width: a.width, height: a.height)), !rates.isEmpty
        else { return Errno.ENOTTY }
        let t = p.pointee.parm.capture.timeperframe
        let got: Rational
        if spec.driver == "uvcvideo" {
            got = FakeV4L2Port.uvcNearest(numerator: t.numerator, denominator: t.denominator, in: rates)
        } else {
            // A zero fraction asks for the driver's default: the fastest rate.
            let want = t.numerator == 0 || t.denominator == 0 ? rates[0] : Rational(t.numerator, t.denominator)
            got = FakeV4L2Port.nearest(want, in: rates)
        }
        state.interval = got
        p.pointee.parm.capture.capability = UInt32(V4L2_CAP_TIMEPERFRAME)
        p.pointee.parm.capture.timeperframe = v4l2_fract(numerator: got.numerator, denominator: got.denominator)
        return 0
    }

    /// `V4L2_PRIORITY_RECORD` (3) is held by one handle; the others get `EBUSY`.
    func setPriority(_ value: UInt32) -> Int32 {
        guard value <= 3 else { return Errno.EINVAL }
        if let owner = state.priorityOwner, owner != me { return Errno.EBUSY }
        state.priorityOwner = value == 3 ? me : nil
        return 0
    }

    /// The intervals a size offers: the discrete list, or a stepwise range's two ends.
    func intervalChoices(_ f: FakeParsedFormats.Format, _ size: Dimensions) -> [Rational]? {
        guard let (spec, parsed) = intervals(for: f, width: size.width, height: size.height) else { return nil }
        if let parsed { return parsed.filter { $0.denominator != 0 && $0.numerator != 0 } }
        guard let range = spec?.stepwise ?? spec?.continuous, let lo = Rational(parsing: range.min),
            let hi = Rational(parsing: range.max)
        else { return nil }
        return [lo, hi]
    }

    /// uvcvideo's choice: the supported size closest in area overlap, or a
    /// stepwise/continuous range's size clamped and rounded to its step.
    static func nearestSize(in sizes: [FakeParsedFormats.Size], width w: UInt32, height h: UInt32) -> Dimensions? {
        var best: (Dimensions, UInt64)?
        for s in sizes {
            let candidate: Dimensions
            switch s.kind {
            case .discrete: candidate = s.min
            case .stepwise, .continuous:
                candidate = Dimensions(
                    width: snap(w, s.min.width, s.max.width, s.step.width),
                    height: snap(h, s.min.height, s.max.height, s.step.height))
            }
            let overlap = UInt64(min(w, candidate.width)) * UInt64(min(h, candidate.height))
            let d = UInt64(w) * UInt64(h) + UInt64(candidate.width) * UInt64(candidate.height) - 2 * overlap
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// `v` clamped to `lo...hi` and rounded to `step` from `lo` (step 0 or a reversed range: `lo`).
    static func snap(_ v: UInt32, _ lo: UInt32, _ hi: UInt32, _ step: UInt32) -> UInt32 {
        guard hi >= lo else { return lo }
        let c = min(max(v, lo), hi)
        guard step > 0 else { return c }
        let k = (UInt64(c - lo) + UInt64(step) / 2) / UInt64(step)
        return UInt32(min(UInt64(lo) + k * UInt64(step), UInt64(hi)))
    }

    /// uvcvideo's choice (`uvc_v4l2_set_streamparm`, Linux 6.1): the request becomes 100 ns units with
    /// `v4l2_fraction_to_interval` (a zero denominator saturates to the largest value: the slowest
    /// rate; a zero numerator is 0: the fastest), and `uvc_try_frame_interval` walks the descriptor's
    /// intervals in order while the distance does not grow, so on a tie the later one wins. Checked
    /// against uvcvideo itself in the guest's block U (`DRIVER_ANSWERS`).
    static func uvcNearest(numerator: UInt32, denominator: UInt32, in list: [Rational]) -> Rational {
        let want = uvcInterval(numerator, denominator)
        var best = UInt64.max
        var chosen = list.first ?? Rational(numerator, denominator)
        for r in list {
            let ival = uvcInterval(r.numerator, r.denominator)
            let dist = ival > want ? ival - want : want - ival
            if dist > best { break }
            best = dist
            chosen = r
        }
        return chosen
    }

    /// `v4l2_fraction_to_interval`: seconds `n`/`d` in 100 ns units, saturated to `UInt32.max`.
    static func uvcInterval(_ n: UInt32, _ d: UInt32) -> UInt64 {
        guard d != 0, n / d < UInt32.max / 10_000_000 else { return UInt64(UInt32.max) }
        var multiplier: UInt32 = 10_000_000
        var den = d
        while n > UInt32.max / multiplier {
            multiplier /= 2
            den /= 2
        }
        return den == 0 ? 0 : UInt64(n * multiplier / den)
    }

    /// The rate in `list` nearest to `want` (by frame duration).
    static func nearest(_ want: Rational, in list: [Rational]) -> Rational {
        let target = Double(want.numerator) / Double(max(want.denominator, 1))
        return list.min { a, b in
            abs(Double(a.numerator) / Double(max(a.denominator, 1)) - target)
                < abs(Double(b.numerator) / Double(max(b.denominator, 1)) - target)
        } ?? want
    }
}
