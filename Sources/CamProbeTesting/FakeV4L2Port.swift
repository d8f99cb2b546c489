internal import CV4L2
import CaptureModel
import V4L2

/// A V4L2 node that answers ioctls from a fixture by filling the real
/// kernel structs, the way a driver would: enumerations end with EINVAL,
/// unknown requests answer ENOTTY, injected faults fire on cue.
final class FakeV4L2Port: V4L2IoctlPort {
    let state: FakeNodeState
    let throughLibV4L2: Bool
    var path: String { state.spec.path }
    var spec: FakeNodeSpec { state.spec }

    let isSevered: (@Sendable (String) -> Bool)?

    init(state: FakeNodeState, throughLibV4L2: Bool, isSevered: (@Sendable (String) -> Bool)? = nil) {
        self.state = state
        self.throughLibV4L2 = throughLibV4L2
        self.isSevered = isSevered
    }

    func perform(_ request: UInt, _ arg: UnsafeMutableRawPointer) -> Int32 {
        guard let r = V4L2Request(number: request) else { return Errno.ENOTTY }
        if isSevered?(path) == true { return Errno.ENODEV }
        if let e = state.fault(for: r.description) { return e }
        if spec.subsystem == "media" {
            return r == .mediaDeviceInfo ? mediaInfo(arg.assumingMemoryBound(to: media_device_info.self)) : Errno.ENOTTY
        }
        switch r {
        case .queryCap: return queryCap(arg.assumingMemoryBound(to: v4l2_capability.self))
        case .enumFmt: return enumFmt(arg.assumingMemoryBound(to: v4l2_fmtdesc.self))
        case .enumFrameSizes: return enumSizes(arg.assumingMemoryBound(to: v4l2_frmsizeenum.self))
        case .enumFrameIntervals: return enumIntervals(arg.assumingMemoryBound(to: v4l2_frmivalenum.self))
        case .queryExtCtrl: return queryCtrl(arg.assumingMemoryBound(to: v4l2_query_ext_ctrl.self))
        case .queryMenu: return queryMenu(arg.assumingMemoryBound(to: v4l2_querymenu.self))
        case .gExtCtrls: return getControls(arg.assumingMemoryBound(to: v4l2_ext_controls.self))
        case .sExtCtrls: return setControls(arg.assumingMemoryBound(to: v4l2_ext_controls.self))
        case .gFmt: return getFormat(arg.assumingMemoryBound(to: v4l2_format.self))
        case .gParm: return getParm(arg.assumingMemoryBound(to: v4l2_streamparm.self))
        case .enumInput: return enumInput(arg.assumingMemoryBound(to: v4l2_input.self))
        case .gInput:
            guard let inputs = spec.inputs, !inputs.isEmpty else { return Errno.ENOTTY }
            arg.assumingMemoryBound(to: Int32.self).pointee = Int32(spec.currentInput ?? 0)
            return 0
        default:
            return Errno.ENOTTY
        }
    }

    // MARK: identity

    func queryCap(_ c: UnsafeMutablePointer<v4l2_capability>) -> Int32 {
        var cap = v4l2_capability()
        encodeCString(spec.driver, into: &cap.driver)
        encodeCString(spec.card, into: &cap.card)
        encodeCString(spec.busInfo, into: &cap.bus_info)
        let v = (spec.version ?? "6.1.0").split(separator: ".").compactMap { UInt32($0) } + [0, 0, 0]
        cap.version = v[0] << 16 | v[1] << 8 | v[2]
        cap.device_caps = spec.deviceCaps?.value ?? 0
        cap.capabilities = spec.capabilities?.value ?? (spec.deviceCaps.map { $0.value | 0x8000_0000 } ?? 0x8420_0001)
        c.pointee = cap
        return 0
    }

    func mediaInfo(_ m: UnsafeMutablePointer<media_device_info>) -> Int32 {
        var info = media_device_info()
        encodeCString(spec.driver, into: &info.driver)
        encodeCString(spec.card, into: &info.model)
        encodeCString(spec.busInfo, into: &info.bus_info)
        m.pointee = info
        return 0
    }

    // MARK: formats

    /// Formats offered for a buffer type; libv4l2 adds its emulated ones.
    func formats(type: UInt32) -> [FakeParsedFormats.Format] {
        let mplane = type == V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue
        if throughLibV4L2 { return mplane ? state.mplaneListEmulated : state.captureListEmulated }
        return mplane ? state.mplaneList : state.captureList
    }

    /// The entry at `index`, or — for an endless list — entries forever.
    func entry<T>(_ list: [T], _ index: UInt32, endless: V4L2Request) -> T? {
        if Int(index) < list.count { return list[Int(index)] }
        if spec.endlessList == endless.description, !list.isEmpty { return list[Int(index) % list.count] }
        return nil
    }

    func enumFmt(_ d: UnsafeMutablePointer<v4l2_fmtdesc>) -> Int32 {
        guard let f = entry(formats(type: d.pointee.type), d.pointee.index, endless: .enumFmt) else { return Errno.EINVAL }
        var out = v4l2_fmtdesc()
        out.index = d.pointee.index
        out.type = d.pointee.type
        out.flags = f.flags
        encodeCString(f.spec.description, into: &out.description)
        out.pixelformat = f.fourcc
        d.pointee = out
        return 0
    }

    func enumSizes(_ s: UnsafeMutablePointer<v4l2_frmsizeenum>) -> Int32 {
        guard let f = state.formats.find(s.pointee.pixel_format, emulatedToo: throughLibV4L2),
              let size = entry(f.sizes, s.pointee.index, endless: .enumFrameSizes) else { return Errno.EINVAL }
        var out = v4l2_frmsizeenum()
        out.index = s.pointee.index
        out.pixel_format = s.pointee.pixel_format
        switch size.kind {
        case .discrete:
            out.type = V4L2_FRMSIZE_TYPE_DISCRETE.rawValue
            out.discrete = v4l2_frmsize_discrete(width: size.min.width, height: size.min.height)
        case .stepwise, .continuous:
            if s.pointee.index != 0 { return Errno.EINVAL }
            out.type = size.kind == .stepwise ? V4L2_FRMSIZE_TYPE_STEPWISE.rawValue : V4L2_FRMSIZE_TYPE_CONTINUOUS.rawValue
            out.stepwise = v4l2_frmsize_stepwise(min_width: size.min.width, max_width: size.max.width, step_width: size.step.width,
                                                 min_height: size.min.height, max_height: size.max.height, step_height: size.step.height)
        }
        s.pointee = out
        return 0
    }

    func intervals(for f: FakeParsedFormats.Format, width: UInt32, height: UInt32) -> (FakeIntervalsSpec?, [Rational]?)? {
        let want = Dimensions(width: width, height: height)
        for size in f.sizes {
            switch size.kind {
            case .discrete:
                if size.min == want { return (size.intervals, size.parsedIntervals) }
            case .stepwise, .continuous:
                if want.width >= size.min.width, want.width <= size.max.width, want.height >= size.min.height, want.height <= size.max.height {
                    if want == size.max, size.intervalsAtMax != nil { return (size.intervalsAtMax, size.parsedIntervalsAtMax) }
                    return (size.intervals, size.parsedIntervals)
                }
            }
        }
        return nil
    }

    func enumIntervals(_ p: UnsafeMutablePointer<v4l2_frmivalenum>) -> Int32 {
        guard let f = state.formats.find(p.pointee.pixel_format, emulatedToo: throughLibV4L2),
              let (iv, parsed) = intervals(for: f, width: p.pointee.width, height: p.pointee.height), let iv else { return Errno.EINVAL }
        var out = p.pointee
        if let list = parsed {
            guard let r = entry(list, p.pointee.index, endless: .enumFrameIntervals) else { return Errno.EINVAL }
            out.type = V4L2_FRMIVAL_TYPE_DISCRETE.rawValue
            out.discrete = v4l2_fract(numerator: r.numerator, denominator: r.denominator)
        } else if let range = iv.stepwise ?? iv.continuous, let lo = Rational(parsing: range.min), let hi = Rational(parsing: range.max) {
            if p.pointee.index != 0 { return Errno.EINVAL }
            let step = range.step.flatMap { Rational(parsing: $0) } ?? Rational(1, 1)
            out.type = iv.stepwise != nil ? V4L2_FRMIVAL_TYPE_STEPWISE.rawValue : V4L2_FRMIVAL_TYPE_CONTINUOUS.rawValue
            out.stepwise = v4l2_frmival_stepwise(min: v4l2_fract(numerator: lo.numerator, denominator: lo.denominator),
                                                 max: v4l2_fract(numerator: hi.numerator, denominator: hi.denominator),
                                                 step: v4l2_fract(numerator: step.numerator, denominator: step.denominator))
        } else {
            return Errno.EINVAL
        }
        p.pointee = out
        return 0
    }

    // MARK: state

    func getFormat(_ p: UnsafeMutablePointer<v4l2_format>) -> Int32 {
        guard let a = spec.activeFormat, let fourcc = FourCC(a.fourcc)?.rawValue else { return Errno.EINVAL }
        let mplane = (a.bufferType ?? "capture") == "capture-mplane"
        let wantType = mplane ? V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard p.pointee.type == wantType else { return Errno.EINVAL }
        var f = v4l2_format()
        f.type = wantType
        if mplane {
            f.fmt.pix_mp.width = a.width
            f.fmt.pix_mp.height = a.height
            f.fmt.pix_mp.pixelformat = fourcc
            f.fmt.pix_mp.field = a.field ?? 1
            f.fmt.pix_mp.colorspace = a.colorspace ?? 8
            f.fmt.pix_mp.quantization = UInt8(a.quantization ?? 0)
            let planes = max(1, min(a.planes ?? 1, 8))
            f.fmt.pix_mp.num_planes = UInt8(planes)
            withUnsafeMutableBytes(of: &f.fmt.pix_mp.plane_fmt) { raw in
                let pl = raw.bindMemory(to: v4l2_plane_pix_format.self)
                for i in 0..<planes {
                    pl[i].bytesperline = a.bytesPerLine ?? a.width
                    pl[i].sizeimage = (a.sizeImage ?? a.width * a.height) / UInt32(planes)
                }
            }
        } else {
            f.fmt.pix.width = a.width
            f.fmt.pix.height = a.height
            f.fmt.pix.pixelformat = fourcc
            f.fmt.pix.field = a.field ?? 1
            f.fmt.pix.bytesperline = a.bytesPerLine ?? a.width * 2
            f.fmt.pix.sizeimage = a.sizeImage ?? a.width * a.height * 2
            f.fmt.pix.colorspace = a.colorspace ?? 8
            f.fmt.pix.quantization = a.quantization ?? 0
        }
        p.pointee = f
        return 0
    }

    func getParm(_ p: UnsafeMutablePointer<v4l2_streamparm>) -> Int32 {
        guard let text = spec.frameInterval, let r = Rational(parsing: text) else { return Errno.ENOTTY }
        let type = p.pointee.type
        var s = v4l2_streamparm()
        s.type = type
        s.parm.capture.capability = (spec.timePerFrame ?? true) ? UInt32(V4L2_CAP_TIMEPERFRAME) : 0
        s.parm.capture.timeperframe = v4l2_fract(numerator: r.numerator, denominator: r.denominator)
        p.pointee = s
        return 0
    }

    func enumInput(_ p: UnsafeMutablePointer<v4l2_input>) -> Int32 {
        guard let inputs = spec.inputs, let i = entry(inputs, p.pointee.index, endless: .enumInput) else {
            return spec.inputs == nil ? Errno.ENOTTY : Errno.EINVAL
        }
        var out = v4l2_input()
        out.index = p.pointee.index
        encodeCString(i.name, into: &out.name)
        out.type = i.type == "tuner" ? UInt32(V4L2_INPUT_TYPE_TUNER) : UInt32(V4L2_INPUT_TYPE_CAMERA)
        out.status = i.status ?? 0
        p.pointee = out
        return 0
    }
}
