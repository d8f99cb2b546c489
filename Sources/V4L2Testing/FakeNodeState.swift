import CaptureModel
import DeviceFixtures
import HostSystem
import Synchronization
import V4L2

/// The live state of one fake node, shared by every port opened on it, so a
/// node that "vanished" (sticky ENODEV) stays gone for later opens too, a
/// second handle sees the first one's format, lock and buffers, and control
/// events reach every subscribed handle.
///
/// Ports on one node may live on different threads (one per `CaptureDevice`):
/// every access goes through `lock`.
final class FakeNodeState {
    /// Serializes every port operation on this node.
    let lock = Mutex(())
    /// The active format and frame interval (`S_FMT` / `S_PARM` change them).
    var active: FakeActiveFormat?
    /// Subdevice pad formats set with VIDIOC_SUBDEV_S_FMT (pad → code, size); others come from the spec.
    var subdevFormats: [UInt32: (code: UInt32, width: UInt32, height: UInt32)] = [:]
    var interval: Rational?
    /// The handle holding `V4L2_PRIORITY_RECORD`, the `flock`, and the buffers.
    var priorityOwner: ObjectIdentifier?
    var lockOwner: ObjectIdentifier?
    var streamOwner: ObjectIdentifier?
    /// Buffers granted by `VIDIOC_REQBUFS`, in index order.
    var buffers: [FakeBuffer] = []
    /// Queued buffer indexes, in the order they were queued.
    var queue: [Int] = []
    var streaming = false
    var sequence: UInt32 = 0
    /// The virtual clock, nanoseconds; advances one frame interval per dequeued frame.
    var clock: UInt64 = 1_000_000_000
    /// Control events subscribed per handle, and those waiting to be dequeued.
    var subscriptions: [ObjectIdentifier: Set<UInt32>] = [:]
    var pendingEvents: [ObjectIdentifier: [FakeControlEvent]] = [:]
    let spec: FakeNodeSpec
    /// Calls seen per ioctl name.
    var calls: [String: Int] = [:]
    /// ioctls that now fail on every call (sticky faults), with their errno.
    var stuck: [String: Int32] = [:]
    /// Where fired faults are counted.
    let ledger: FakeLedger
    /// Set when an ENODEV fault fired: every ioctl and open fails from then on.
    var gone = false
    /// Control values written with VIDIOC_S_EXT_CTRLS (they override the fixture's).
    var written: [UInt32: Int64] = [:]
    /// Payload controls (rect, area, arrays) written with VIDIOC_S_EXT_CTRLS, as numbers.
    var writtenPayload: [UInt32: [Int64]] = [:]

    /// Formats parsed once.
    let formats: FakeParsedFormats
    /// Formats per buffer type, native then (through libv4l2) emulated.
    let captureList: [FakeParsedFormats.Format]
    let mplaneList: [FakeParsedFormats.Format]
    let captureListEmulated: [FakeParsedFormats.Format]
    let mplaneListEmulated: [FakeParsedFormats.Format]

    init(spec: FakeNodeSpec, ledger: FakeLedger = FakeLedger()) {
        self.spec = spec
        self.ledger = ledger
        active = spec.activeFormat.flatMap(FakeActiveFormat.init(spec:))
        interval = spec.frameInterval.flatMap { Rational(parsing: $0) }
        formats = FakeParsedFormats(spec)
        captureList = formats.native.filter { !$0.mplane }
        mplaneList = formats.native.filter(\.mplane)
        captureListEmulated = captureList + formats.emulated.filter { !$0.mplane }
        mplaneListEmulated = mplaneList + formats.emulated.filter(\.mplane)
    }

    /// Applies injected faults for one call of `name` (an ioctl's C name, or
    /// `open`, `mmap`, `munmap`, `poll`, `flock`); returns an errno or nil.
    /// A fault with `repeat` fails that many calls in a row (an EINTR storm).
    func fault(for name: String) -> Int32? {
        if gone { return Errno.ENODEV }
        if let e = stuck[name] { return e }
        let n = calls[name, default: 0]
        calls[name] = n + 1
        for f in spec.faults ?? [] where f.ioctl == name && n >= (f.afterCalls ?? 0) && n < (f.afterCalls ?? 0) + max(1, f.repeat ?? 1) {
            let e = Errno.number(named: f.errno) ?? Errno.EIO
            ledger.faultFired()
            if f.sticky ?? (e == Errno.ENODEV) {
                if e == Errno.ENODEV { gone = true } else { stuck[name] = e }
            }
            return e
        }
        return nil
    }
}
