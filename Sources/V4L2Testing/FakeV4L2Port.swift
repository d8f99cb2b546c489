internal import CV4L2
import CaptureModel
import DeviceFixtures
import HostSystem
import Synchronization
import V4L2

/// A V4L2 node that answers every seam operation from a fixture by filling
/// the real kernel structs, the way uvcvideo and vivid would: enumerations end
/// with EINVAL, unknown requests answer ENOTTY, `S_FMT` / `S_PARM` adjust to
/// what the node supports, buffers stream on a virtual clock, control events
/// reach subscribed handles, injected faults fire on cue.
final class FakeV4L2Port: DevicePort {
    let state: FakeNodeState
    let throughLibV4L2: Bool
    let ledger: FakeLedger
    var path: String { state.spec.path }
    var spec: FakeNodeSpec { state.spec }
    var me: ObjectIdentifier { ObjectIdentifier(self) }

    let isSevered: (@Sendable (String) -> Bool)?
    /// Called with the node's path when the handle closes.
    let onClose: (@Sendable (String) -> Void)?

    init(
        state: FakeNodeState, throughLibV4L2: Bool, ledger: FakeLedger, isSevered: (@Sendable (String) -> Bool)? = nil,
        onClose: (@Sendable (String) -> Void)? = nil
    ) {
        self.state = state
        self.throughLibV4L2 = throughLibV4L2
        self.ledger = ledger
        self.isSevered = isSevered
        self.onClose = onClose
        ledger.opened()
    }

    /// Closing a handle releases what it held, as the kernel does on `close(2)`.
    deinit {
        state.lock.withLock { _ in releaseAll() }
        ledger.closed()
        onClose?(state.spec.path)
    }

    func perform(_ request: UInt, _ arg: UnsafeMutableRawPointer) -> Int32 {
        guard let r = V4L2Request(number: request) else { return Errno.ENOTTY }
        if let ms = spec.ioctlDelays?[r.description], ms > 0 { FakeClock.sleep(milliseconds: ms) }
        return state.lock.withLock { _ in
            if isSevered?(path) == true { return Errno.ENODEV }
            if let e = state.fault(for: r.description) { return e }
            return dispatch(r, arg)
        }
    }

    /// Binds the argument to the struct `ioctl` carries: request and type are tied here as in `call`.
    func bind<T>(_ ioctl: Ioctl<T>, _ arg: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
        arg.assumingMemoryBound(to: T.self)
    }

    func dispatch(_ r: V4L2Request, _ arg: UnsafeMutableRawPointer) -> Int32 {
        if let sub = spec.subdev { return subdevDispatch(r, arg, sub) }
        if spec.subsystem == "media" {
            switch r {
            case .mediaDeviceInfo: return mediaDeviceInfo(bind(.mediaDeviceInfo, arg))
            case .mediaTopology: return mediaTopology(bind(.mediaTopology, arg))
            default: return Errno.ENOTTY
            }
        }
        switch r {
        case .queryCap: return queryCap(bind(.queryCap, arg))
        case .enumFmt: return enumFmt(bind(.enumFmt, arg))
        case .enumFrameSizes: return enumSizes(bind(.enumFrameSizes, arg))
        case .enumFrameIntervals: return enumIntervals(bind(.enumFrameIntervals, arg))
        case .queryExtCtrl: return queryCtrl(bind(.queryExtCtrl, arg))
        case .queryMenu: return queryMenu(bind(.queryMenu, arg))
        case .gExtCtrls: return getControls(bind(.gExtCtrls, arg))
        case .sExtCtrls: return setControls(bind(.sExtCtrls, arg))
        case .gFmt: return getFormat(bind(.gFmt, arg))
        case .sFmt: return setFormat(bind(.sFmt, arg), commit: true)
        case .tryFmt: return setFormat(bind(.tryFmt, arg), commit: false)
        case .gParm: return getParm(bind(.gParm, arg))
        case .sParm: return setParm(bind(.sParm, arg))
        case .enumInput: return enumInput(bind(.enumInput, arg))
        case .gInput:
            guard let inputs = spec.inputs, !inputs.isEmpty else { return Errno.ENOTTY }
            bind(Ioctl<Int32>.gInput, arg).pointee = Int32(spec.currentInput ?? 0)
            return 0
        case .gPriority:
            bind(Ioctl<UInt32>.gPriority, arg).pointee = state.priorityOwner == nil ? 2 : 3
            return 0
        case .sPriority: return setPriority(bind(Ioctl<UInt32>.sPriority, arg).pointee)
        case .reqBufs: return requestBuffers(bind(.reqBufs, arg))
        case .queryBuf: return queryBuffer(bind(.queryBuf, arg))
        case .qBuf: return queueBuffer(bind(.qBuf, arg))
        case .dqBuf: return dequeueBuffer(bind(.dqBuf, arg))
        case .streamOn: return streamOn(bind(Ioctl<Int32>.streamOn, arg).pointee)
        case .streamOff: return streamOff(bind(Ioctl<Int32>.streamOff, arg).pointee)
        case .subscribeEvent: return subscribe(bind(.subscribeEvent, arg))
        case .dqEvent: return dequeueEvent(bind(.dqEvent, arg))
        default:
            return Errno.ENOTTY
        }
    }

    // MARK: identity

    func queryCap(_ c: UnsafeMutablePointer<v4l2_capability>) -> Int32 {
        var cap = v4l2_capability()
        if spec.unterminatedStrings == true {
            fillWithoutNUL(spec.driver, into: &cap.driver)
            fillWithoutNUL(spec.card, into: &cap.card)
            fillWithoutNUL(spec.busInfo, into: &cap.bus_info)
        } else {
            encodeCString(spec.driver, into: &cap.driver)
            encodeCString(spec.card, into: &cap.card)
            encodeCString(spec.busInfo, into: &cap.bus_info)
        }
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
        var list = formats(type: d.pointee.type)
        if d.pointee.mbus_code != 0 {
            // A V4L2_CAP_IO_MC node lists only the formats it writes for that code, as vimc and unicam do.
            let wanted = Set(MediaBusPixelFormats.fourccs(for: MediaBusCode(rawValue: d.pointee.mbus_code)).map(\.rawValue))
            list = list.filter { wanted.contains($0.fourcc) }
        }
        guard let f = entry(list, d.pointee.index, endless: .enumFmt) else { return Errno.EINVAL }
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
            let size = entry(f.sizes, s.pointee.index, endless: .enumFrameSizes)
        else { return Errno.EINVAL }
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
            out.stepwise = v4l2_frmsize_stepwise(
                min_width: size.min.width, max_width: size.max.width, step_width: size.step.width,
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
                if want.width >= size.min.width, want.width <= size.max.width, want.height >= size.min.height,
                    want.height <= size.max.height
                {
                    if want == size.max, size.intervalsAtMax != nil { return (size.intervalsAtMax, size.parsedIntervalsAtMax) }
                    return (size.intervals, size.parsedIntervals)
                }
            }
        }
        return nil
    }

    func enumIntervals(_ p: UnsafeMutablePointer<v4l2_frmivalenum>) -> Int32 {
        guard let f = state.formats.find(p.pointee.pixel_format, emulatedToo: throughLibV4L2),
            let (iv, parsed) = intervals(for: f, width: p.pointee.width, height: p.pointee.height), let iv
        else { return Errno.EINVAL }
        var out = p.pointee
        if let list = parsed {
            guard let r = entry(list, p.pointee.index, endless: .enumFrameIntervals) else { return Errno.EINVAL }
            out.type = V4L2_FRMIVAL_TYPE_DISCRETE.rawValue
            out.discrete = v4l2_fract(numerator: r.numerator, denominator: r.denominator)
        } else if let range = iv.stepwise ?? iv.continuous, let lo = Rational(parsing: range.min), let hi = Rational(parsing: range.max) {
            if p.pointee.index != 0 { return Errno.EINVAL }
            let step = range.step.flatMap { Rational(parsing: $0) } ?? Rational(1, 1)
            out.type = iv.stepwise != nil ? V4L2_FRMIVAL_TYPE_STEPWISE.rawValue : V4L2_FRMIVAL_TYPE_CONTINUOUS.rawValue
            out.stepwise = v4l2_frmival_stepwise(
                min: v4l2_fract(numerator: lo.numerator, denominator: lo.denominator),
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
        guard let a = state.active else { return Errno.EINVAL }
        let wantType = a.mplane ? V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        guard p.pointee.type == wantType else { return Errno.EINVAL }
        p.pointee = FakeV4L2Port.format(a)
        return 0
    }

    /// The `v4l2_format` a driver reports for `a`.
    static func format(_ a: FakeActiveFormat) -> v4l2_format {
        var f = v4l2_format()
        f.type = a.mplane ? V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        if a.mplane {
            f.fmt.pix_mp.width = a.width
            f.fmt.pix_mp.height = a.height
            f.fmt.pix_mp.pixelformat = a.fourcc
            f.fmt.pix_mp.field = a.field
            f.fmt.pix_mp.colorspace = a.colorspace
            f.fmt.pix_mp.quantization = UInt8(truncatingIfNeeded: a.quantization)
            f.fmt.pix_mp.num_planes = UInt8(a.planes)
            withUnsafeMutableBytes(of: &f.fmt.pix_mp.plane_fmt) { raw in
                let pl = raw.bindMemory(to: v4l2_plane_pix_format.self)
                for i in 0..<a.planes {
                    pl[i].bytesperline = a.bytesPerLine
                    pl[i].sizeimage = a.sizeImage / UInt32(a.planes)
                }
            }
        } else {
            f.fmt.pix.width = a.width
            f.fmt.pix.height = a.height
            f.fmt.pix.pixelformat = a.fourcc
            f.fmt.pix.field = a.field
            f.fmt.pix.bytesperline = a.bytesPerLine
            f.fmt.pix.sizeimage = a.sizeImage
            f.fmt.pix.colorspace = a.colorspace
            f.fmt.pix.quantization = a.quantization
        }
        return f
    }

    func getParm(_ p: UnsafeMutablePointer<v4l2_streamparm>) -> Int32 {
        guard let r = state.interval else { return Errno.ENOTTY }
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
