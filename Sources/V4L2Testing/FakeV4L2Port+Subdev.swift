internal import CV4L2
import CaptureModel
import DeviceFixtures
import HostSystem
import V4L2

/// A subdevice node answering `VIDIOC_SUBDEV_*` from its pad specs, as a
/// sensor driver does: codes, then sizes per code, then intervals per size
/// (ENOTTY when it lists none), the active pad format and selections.
extension FakeV4L2Port {
    func subdevDispatch(_ r: V4L2Request, _ arg: UnsafeMutableRawPointer, _ sub: FakeSubdevSpec) -> Int32 {
        switch r {
        case .subdevEnumMbusCode:
            let e = bind(.subdevEnumMbusCode, arg)
            guard let pad = sub.pads.first(where: { $0.pad == e.pointee.pad }) else { return Errno.EINVAL }
            guard let c = entry(pad.codes, e.pointee.index, endless: .subdevEnumMbusCode),
                let code = FakeSubdevSpec.code(c.code)
            else { return Errno.EINVAL }
            e.pointee.code = code
            return 0
        case .subdevEnumFrameSize:
            let e = bind(.subdevEnumFrameSize, arg)
            guard let c = code(sub, e.pointee.pad, e.pointee.code), Int(e.pointee.index) < c.sizes.count,
                let (lo, hi) = FakeSubdevSpec.range(c.sizes[Int(e.pointee.index)])
            else { return Errno.EINVAL }
            e.pointee.min_width = lo.width
            e.pointee.min_height = lo.height
            e.pointee.max_width = hi.width
            e.pointee.max_height = hi.height
            return 0
        case .subdevEnumFrameInterval:
            let e = bind(.subdevEnumFrameInterval, arg)
            guard let c = code(sub, e.pointee.pad, e.pointee.code) else { return Errno.EINVAL }
            guard let list = c.intervals else { return Errno.ENOTTY }
            guard Int(e.pointee.index) < list.count, let r = Rational(parsing: list[Int(e.pointee.index)]) else { return Errno.EINVAL }
            e.pointee.interval = v4l2_fract(numerator: r.numerator, denominator: r.denominator)
            return 0
        case .subdevGFmt:
            let f = bind(.subdevGFmt, arg)
            if let set = state.subdevFormats[f.pointee.pad] {
                f.pointee.format.code = set.code
                f.pointee.format.width = set.width
                f.pointee.format.height = set.height
                f.pointee.format.field = 1
                f.pointee.format.colorspace = 8
                return 0
            }
            guard let pad = sub.pads.first(where: { $0.pad == f.pointee.pad }), let a = pad.active,
                let code = FakeSubdevSpec.code(a.code), let size = Dimensions(parsing: a.size)
            else { return Errno.EINVAL }
            f.pointee.format.code = code
            f.pointee.format.width = size.width
            f.pointee.format.height = size.height
            f.pointee.format.field = a.field ?? 1
            f.pointee.format.colorspace = 8
            return 0
        case .subdevSFmt:
            return setSubdevFormat(bind(.subdevSFmt, arg), sub)
        case .subdevGSelection:
            let s = bind(.subdevGSelection, arg)
            guard let pad = sub.pads.first(where: { $0.pad == s.pointee.pad }) else { return Errno.EINVAL }
            let text: String? =
                switch s.pointee.target {
                case 0: pad.crop
                case 2: pad.cropBounds
                case 3: pad.nativeSize
                default: nil
                }
            guard let rect = FakeSubdevSpec.rect(text) else { return Errno.EINVAL }
            s.pointee.r = v4l2_rect(left: rect.left, top: rect.top, width: rect.width, height: rect.height)
            return 0
        case .queryExtCtrl, .queryMenu, .gExtCtrls, .sExtCtrls, .gCtrl, .subscribeEvent, .dqEvent:
            return dispatchControls(r, arg)
        default:
            return Errno.ENOTTY
        }
    }

    func code(_ sub: FakeSubdevSpec, _ pad: UInt32, _ code: UInt32) -> FakeSubdevSpec.Code? {
        sub.pads.first { $0.pad == pad }?.codes.first { FakeSubdevSpec.code($0.code) == code }
    }

    /// Controls work the same on subdevice nodes (a sensor's exposure, gain, blanking, pixel rate).
    func dispatchControls(_ r: V4L2Request, _ arg: UnsafeMutableRawPointer) -> Int32 {
        switch r {
        case .queryExtCtrl: queryCtrl(bind(.queryExtCtrl, arg))
        case .queryMenu: queryMenu(bind(.queryMenu, arg))
        case .gExtCtrls: getControls(bind(.gExtCtrls, arg))
        case .sExtCtrls: setControls(bind(.sExtCtrls, arg))
        case .subscribeEvent: subscribe(bind(.subscribeEvent, arg))
        case .dqEvent: dequeueEvent(bind(.dqEvent, arg))
        default: Errno.ENOTTY
        }
    }

    /// As vimc's and sensor drivers' `set_fmt`: an unknown code becomes the pad's first, the size is clamped to
    /// the code's range, and a sink pad's format propagates to the entity's source pads (their size; their
    /// code when they offer it).
    func setSubdevFormat(_ f: UnsafeMutablePointer<v4l2_subdev_format>, _ sub: FakeSubdevSpec) -> Int32 {
        guard let pad = sub.pads.first(where: { $0.pad == f.pointee.pad }), let first = pad.codes.first else { return Errno.EINVAL }
        let asked = f.pointee.format.code
        let c = pad.codes.first { FakeSubdevSpec.code($0.code) == asked } ?? first
        guard let code = FakeSubdevSpec.code(c.code) else { return Errno.EINVAL }
        var w = f.pointee.format.width
        var h = f.pointee.format.height
        if let (lo, hi) = c.sizes.first.flatMap(FakeSubdevSpec.range) {
            w = min(max(w, lo.width), hi.width)
            h = min(max(h, lo.height), hi.height)
        }
        f.pointee.format.code = code
        f.pointee.format.width = w
        f.pointee.format.height = h
        f.pointee.format.field = 1
        guard f.pointee.which == 1 else { return 0 }  // V4L2_SUBDEV_FORMAT_TRY changes nothing
        state.subdevFormats[pad.pad] = (code, w, h)
        let isSink = sub.pads.count > 1 && pad.pad == sub.pads[0].pad
        if isSink {
            for out in sub.pads.dropFirst() {
                let keep = out.codes.contains { FakeSubdevSpec.code($0.code) == code }
                let outCode = keep ? code : (out.codes.first.flatMap { FakeSubdevSpec.code($0.code) } ?? code)
                state.subdevFormats[out.pad] = (outCode, w, h)
            }
        }
        return 0
    }
}
