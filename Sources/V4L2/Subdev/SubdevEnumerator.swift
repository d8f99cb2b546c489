internal import CV4L2
import CaptureModel
import HostSystem

/// Reads a subdevice pad (a sensor's output, a receiver's input) the way
/// `v4l2-ctl --list-subdev-mbus-codes / --list-subdev-framesizes /
/// --list-subdev-frameintervals` and `media-ctl -p` do, without changing it:
/// `VIDIOC_SUBDEV_ENUM_MBUS_CODE` → `VIDIOC_SUBDEV_ENUM_FRAME_SIZE` →
/// `VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL` (for each size's largest frame), then
/// `VIDIOC_SUBDEV_G_FMT` and `VIDIOC_SUBDEV_G_SELECTION` (crop, crop bounds,
/// native size), all on the active configuration. Every loop is bounded, and
/// what fails is a `Problem` next to the partial result.
package struct SubdevEnumerator {
    let port: any DevicePort
    let limits: EnumerationLimits
    /// `V4L2_SUBDEV_FORMAT_ACTIVE`.
    static let active: UInt32 = 1

    package init(port: any DevicePort, limits: EnumerationLimits = EnumerationLimits()) {
        self.port = port
        self.limits = limits
    }

    /// Everything pad `pad` offers now, and what went wrong reading it.
    package func read(pad: UInt32) -> (modes: SubdevPadModes, problems: [Problem]) {
        var log = EnumerationLog()
        let answers = port.enumerate(
            .subdevEnumMbusCode, limit: limits.formats, what: "media-bus codes of pad \(pad) on \(port.path)",
            doing: "listing the media-bus codes of pad \(pad)", log: &log
        ) { index in
            var e = v4l2_subdev_mbus_code_enum()
            e.pad = pad
            e.index = index
            e.which = SubdevEnumerator.active
            return e
        }
        var codes: [SubdevCodeModes] = []
        var seen = Set<UInt32>()
        for e in answers {
            guard seen.insert(e.code).inserted else {
                log.note(
                    "duplicate", .subdevEnumMbusCode, "\(port.path): pad \(pad) lists \(MediaBusCode(rawValue: e.code)) more than once")
                continue
            }
            codes.append(SubdevCodeModes(code: MediaBusCode(rawValue: e.code), sizes: sizes(pad: pad, code: e.code, log: &log)))
        }
        var modes = SubdevPadModes(pad: pad, codes: codes)
        if !log.gone { modes.active = activeFormat(pad: pad, log: &log) }
        if !log.gone { modes.crop = selection(pad: pad, target: 0, log: &log) }  // V4L2_SEL_TGT_CROP
        if !log.gone { modes.cropBounds = selection(pad: pad, target: 2, log: &log) }  // V4L2_SEL_TGT_CROP_BOUNDS
        if !log.gone { modes.nativeSize = selection(pad: pad, target: 3, log: &log) }  // V4L2_SEL_TGT_NATIVE_SIZE
        return (modes, log.problems)
    }

    func sizes(pad: UInt32, code: UInt32, log: inout EnumerationLog) -> [SubdevFrameSize] {
        let name = MediaBusCode(rawValue: code)
        let answers = port.enumerate(
            .subdevEnumFrameSize, limit: limits.frameSizes, what: "\(name) sizes on \(port.path)",
            doing: "listing the \(name) sizes of pad \(pad)", log: &log
        ) { index in
            var e = v4l2_subdev_frame_size_enum()
            e.pad = pad
            e.index = index
            e.code = code
            e.which = SubdevEnumerator.active
            return e
        }
        var out: [SubdevFrameSize] = []
        for e in answers {
            let lo = Dimensions(width: e.min_width, height: e.min_height)
            let hi = Dimensions(width: e.max_width, height: e.max_height)
            guard lo.width <= hi.width, lo.height <= hi.height else {
                log.note(
                    "invalid-value", .subdevEnumFrameSize,
                    "\(port.path): pad \(pad) reports a size range \(lo)–\(hi) whose minimum exceeds its maximum")
                continue
            }
            out.append(SubdevFrameSize(min: lo, max: hi, intervals: intervals(pad: pad, code: code, size: hi, log: &log)))
        }
        return out
    }

    /// The discrete intervals listed for one size; none when the driver lists none (ENOTTY, or EINVAL at index 0).
    func intervals(pad: UInt32, code: UInt32, size: Dimensions, log: inout EnumerationLog) -> [Rational] {
        // ENOTTY: the sensor has no interval list; its rate follows from blanking.
        let answers = port.enumerate(
            .subdevEnumFrameInterval, limit: limits.frameIntervals, what: "intervals of \(size) on \(port.path)",
            doing: "listing the frame intervals of \(size) on pad \(pad)", endsWith: [Errno.ENOTTY], log: &log
        ) { index in
            var e = v4l2_subdev_frame_interval_enum()
            e.pad = pad
            e.index = index
            e.code = code
            e.width = size.width
            e.height = size.height
            e.which = SubdevEnumerator.active
            return e
        }
        var out: [Rational] = []
        for e in answers {
            guard e.interval.numerator > 0, e.interval.denominator > 0 else {
                log.note(
                    "invalid-value", .subdevEnumFrameInterval,
                    "\(port.path): pad \(pad) lists a frame interval \(e.interval.numerator)/\(e.interval.denominator)")
                continue
            }
            out.append(Rational(e.interval.numerator, e.interval.denominator))
        }
        return out
    }

    func activeFormat(pad: UInt32, log: inout EnumerationLog) -> SubdevPadFormat? {
        var f = v4l2_subdev_format()
        f.pad = pad
        f.which = SubdevEnumerator.active
        do throws(V4L2Error) {
            try port.call(.subdevGFmt, &f)
        } catch {
            log.record(error, while: "reading the active format of pad \(pad)")
            return nil
        }
        let m = f.format
        return SubdevPadFormat(
            code: MediaBusCode(rawValue: m.code), width: m.width, height: m.height, field: m.field, colorspace: m.colorspace)
    }

    /// A selection rectangle; nil (no problem) when the pad has no such target (EINVAL, ENOTTY).
    func selection(pad: UInt32, target: UInt32, log: inout EnumerationLog) -> PixelRect? {
        var s = v4l2_subdev_selection()
        s.pad = pad
        s.which = SubdevEnumerator.active
        s.target = target
        do throws(V4L2Error) {
            try port.call(.subdevGSelection, &s)
        } catch  where error.errno == Errno.EINVAL || error.errno == Errno.ENOTTY {
            return nil
        } catch {
            log.record(error, while: "reading selection target \(target) of pad \(pad)")
            return nil
        }
        return PixelRect(left: s.r.left, top: s.r.top, width: s.r.width, height: s.r.height)
    }
}

extension SubdevEnumerator {
    /// The subdevice's controls with their current values (a sensor's exposure,
    /// analogue gain, blanking, pixel rate, test pattern), read as on a video node:
    /// `VIDIOC_QUERY_EXT_CTRL`, `VIDIOC_QUERYMENU`, `VIDIOC_G_EXT_CTRLS`.
    package func controls() -> (controls: [Control], problems: [Problem]) {
        var log = EnumerationLog()
        let list = ControlEnumerator(port: port, limits: limits).controls(log: &log)
        return (list, log.problems)
    }
}

extension DevicePort {
    /// Sets the active format of a subdevice pad and returns what the driver made of it (it may change the code
    /// or the size). The corresponding ioctls are `VIDIOC_SUBDEV_G_FMT` then `VIDIOC_SUBDEV_S_FMT`, with `V4L2_SUBDEV_FORMAT_ACTIVE`.
    package func setSubdevFormat(pad: UInt32, code: MediaBusCode, size: Dimensions) throws(V4L2Error) -> SubdevPadFormat {
        var f = v4l2_subdev_format()
        f.which = SubdevEnumerator.active
        f.pad = pad
        // Start from the active format so colorspace, quantization and the rest stay as the driver had them.
        try call(.subdevGFmt, &f)
        f.format.code = code.rawValue
        f.format.width = size.width
        f.format.height = size.height
        f.format.field = 1  // V4L2_FIELD_NONE
        try call(.subdevSFmt, &f)
        return SubdevPadFormat(
            code: MediaBusCode(rawValue: f.format.code), width: f.format.width, height: f.format.height, field: f.format.field,
            colorspace: f.format.colorspace)
    }
}
