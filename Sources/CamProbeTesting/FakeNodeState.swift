import CaptureModel
import V4L2

/// The live state of one fake node, shared by every port opened on it, so a
/// node that "vanished" (sticky ENODEV) stays gone for later opens too.
final class FakeNodeState {
    let spec: FakeNodeSpec
    /// Calls seen per ioctl name.
    var calls: [String: Int] = [:]
    /// ioctls that now fail on every call (sticky faults), with their errno.
    var stuck: [String: Int32] = [:]
    /// Set when an ENODEV fault fired: every ioctl and open fails from then on.
    var gone = false
    /// Control values written with VIDIOC_S_EXT_CTRLS (they override the fixture's).
    var written: [UInt32: Int64] = [:]

    /// Formats parsed once.
    let formats: FakeParsedFormats
    /// Formats per buffer type, native then (through libv4l2) emulated.
    let captureList: [FakeParsedFormats.Format]
    let mplaneList: [FakeParsedFormats.Format]
    let captureListEmulated: [FakeParsedFormats.Format]
    let mplaneListEmulated: [FakeParsedFormats.Format]

    init(spec: FakeNodeSpec) {
        self.spec = spec
        formats = FakeParsedFormats(spec)
        captureList = formats.native.filter { !$0.mplane }
        mplaneList = formats.native.filter(\.mplane)
        captureListEmulated = captureList + formats.emulated.filter { !$0.mplane }
        mplaneListEmulated = mplaneList + formats.emulated.filter(\.mplane)
    }

    /// Applies injected faults for one call of `name`; returns an errno or nil.
    func fault(for name: String) -> Int32? {
        if gone { return Errno.ENODEV }
        if let e = stuck[name] { return e }
        let n = calls[name, default: 0]
        calls[name] = n + 1
        for f in spec.faults ?? [] where f.ioctl == name && (f.afterCalls ?? 0) == n {
            let e = Errno.number(named: f.errno) ?? Errno.EIO
            if f.sticky ?? (e == Errno.ENODEV) {
                if e == Errno.ENODEV { gone = true } else { stuck[name] = e }
            }
            return e
        }
        return nil
    }
}
