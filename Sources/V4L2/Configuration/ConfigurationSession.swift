internal import CV4L2
import CaptureModel
import HostSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A format to make active: pixel format, size and (optionally) frame interval.
package struct FormatRequest: Sendable, Hashable, Codable {
    package var bufferType: BufferType
    package var fourcc: FourCC
    package var width: UInt32
    package var height: UInt32
    /// The minimum frame duration (seconds per frame); nil leaves the rate alone.
    package var frameInterval: FrameDuration?
    package init(bufferType: BufferType, fourcc: FourCC, width: UInt32, height: UInt32, frameInterval: FrameDuration?) {
        self.bufferType = bufferType
        self.fourcc = fourcc
        self.width = width
        self.height = height
        self.frameInterval = frameInterval
    }
}

/// What `apply` did: the state before, what the driver reports after, and
/// every field the driver changed from what was asked.
public struct AppliedFormat: Sendable, Hashable, Codable {
    package var requested: FormatRequest
    public var before: ActiveFormat?
    public var beforeInterval: FrameDuration?
    public var after: ActiveFormat
    public var afterInterval: FrameDuration?
    /// "size 1280x720 → 1280x768", "rate 1/60 → 1/30": the driver adjusted these.
    public var adjustments: [String]
}

/// A configuration lock on one node (AVFoundation's `lockForConfiguration`):
/// an advisory `flock(2)` that other camprobe processes respect, plus — when
/// asked — the V4L2 access priority raised to RECORD (`VIDIOC_S_PRIORITY`),
/// so no other handle can change the format while it is held.
///
/// `release()` gives both back at once (priority to DEFAULT, `LOCK_UN`); so
/// does `deinit`, and closing the port. Changes are applied together with
/// `apply` and rolled back together if any step fails. Not Sendable: one
/// task configures.
package final class ConfigurationSession {
    package let port: any DevicePort
    /// Whether this session raised the node to `V4L2_PRIORITY_RECORD`.
    package let holdsRecordPriority: Bool
    private var released = false

    /// Locks `port` for configuration. With `recordPriority` false only the
    /// advisory lock is taken: a media controller's video nodes share one
    /// priority state per driver instance, so record priority on one sensor's
    /// node would lock every other sensor of the same driver out.
    ///
    /// The corresponding C calls are `flock(2)` and the ioctl `VIDIOC_S_PRIORITY` (`V4L2_PRIORITY_RECORD`).
    package init(port: any DevicePort, recordPriority: Bool = true) throws(V4L2Error) {
        self.port = port
        if let e = port.lockExclusive() {
            let held = e.code == Errno.EAGAIN
            throw V4L2Error(
                call: "flock", path: port.path, errno: held ? Errno.EBUSY : e.code,
                hint: held ? "another camprobe handle has locked this node for configuration" : nil)
        }
        guard recordPriority else {
            holdsRecordPriority = false
            return
        }
        var prio = V4L2_PRIORITY_RECORD.rawValue
        do throws(V4L2Error) {
            try port.call(.sPriority, &prio)
            holdsRecordPriority = true
        } catch  where error.errno == Errno.EBUSY {
            _ = port.unlockExclusive()
            throw V4L2Error(
                call: "VIDIOC_S_PRIORITY", path: port.path, errno: error.errno,
                hint: "another handle holds this driver's nodes at record priority (locked for configuration)")
        } catch  where error.errno == Errno.ENOTTY || error.errno == Errno.EINVAL {
            // Drivers without priority support: the advisory lock is all there is.
            holdsRecordPriority = false
        } catch {
            _ = port.unlockExclusive()
            throw error
        }
    }

    deinit { release() }

    /// Gives the lock back now: the priority returns to `V4L2_PRIORITY_DEFAULT`
    /// and the advisory lock is released, while the port stays open. Safe to call twice.
    ///
    /// The corresponding C calls are the ioctl `VIDIOC_S_PRIORITY` (`V4L2_PRIORITY_DEFAULT`) and `flock(2)` (`LOCK_UN`).
    package func release() {
        guard !released else { return }
        released = true
        if holdsRecordPriority {
            var prio = V4L2_PRIORITY_DEFAULT.rawValue
            try? port.call(.sPriority, &prio)
        }
        _ = port.unlockExclusive()
    }

    /// Makes `request` the active format and frame interval, reads both back,
    /// and reports what the driver changed. If setting the interval fails the
    /// format is restored, so nothing is left half-applied.
    ///
    /// The corresponding ioctls are `VIDIOC_G_FMT`, `VIDIOC_S_FMT`, `VIDIOC_G_PARM` and `VIDIOC_S_PARM`.
    package func apply(_ request: FormatRequest) throws(V4L2Error) -> AppliedFormat {
        try Self.apply(request, on: port)
    }

    /// `apply(_:)` on a port that holds no lock: what a stream that restores its mode after
    /// another process changed it does (the driver's priority rules still apply: `EBUSY`
    /// while another handle holds record priority or streams).
    package static func apply(_ request: FormatRequest, on port: any DevicePort) throws(V4L2Error) -> AppliedFormat {
        let type = request.bufferType == .videoCapture ? V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue
        var original = v4l2_format()
        original.type = type
        try port.call(.gFmt, &original)
        let before = try port.readActiveFormat(request.bufferType)
        let beforeInterval = readInterval(type, on: port)

        var f = original
        if request.bufferType == .videoCapture {
            f.fmt.pix.pixelformat = request.fourcc.rawValue
            f.fmt.pix.width = request.width
            f.fmt.pix.height = request.height
            f.fmt.pix.field = V4L2_FIELD_ANY.rawValue
            f.fmt.pix.bytesperline = 0
            f.fmt.pix.sizeimage = 0
        } else {
            f.fmt.pix_mp.pixelformat = request.fourcc.rawValue
            f.fmt.pix_mp.width = request.width
            f.fmt.pix_mp.height = request.height
            f.fmt.pix_mp.field = V4L2_FIELD_ANY.rawValue
        }
        do throws(V4L2Error) {
            try port.call(.sFmt, &f)
        } catch  where error.errno == Errno.EBUSY {
            throw V4L2Error(
                call: "VIDIOC_S_FMT", path: port.path, errno: error.errno,
                hint: "the camera is streaming in another process; its format cannot change until that stops")
        }
        if let iv = request.frameInterval {
            var p = v4l2_streamparm()
            p.type = type
            p.parm.capture.timeperframe = v4l2_fract(
                numerator: UInt32(clamping: iv.interval.numerator), denominator: UInt32(clamping: iv.interval.denominator))
            do throws(V4L2Error) {
                try port.call(.sParm, &p)
            } catch {
                var restore = original
                try? port.call(.sFmt, &restore)  // roll back: nothing half-applied
                throw error
            }
        }
        let after = try port.readActiveFormat(request.bufferType)
        let afterInterval = readInterval(type, on: port)
        var changes: [String] = []
        if after.fourcc != request.fourcc { changes.append("format \(request.fourcc) → \(after.fourcc)") }
        if after.width != request.width || after.height != request.height {
            changes.append("size \(request.width)x\(request.height) → \(after.width)x\(after.height)")
        }
        if let want = request.frameInterval {
            if let got = afterInterval, got.interval != want.interval {
                changes.append("frame interval \(want.interval) → \(got.interval) (\(got.fps.map(formatFPS) ?? "?") fps)")
            } else if afterInterval == nil {
                changes.append("frame interval \(want.interval) → unknown (the driver does not report it)")
            }
        }
        return AppliedFormat(
            requested: request, before: before, beforeInterval: beforeInterval, after: after,
            afterInterval: afterInterval, adjustments: changes)
    }

    static func readInterval(_ type: UInt32, on port: any DevicePort) -> FrameDuration? {
        var p = v4l2_streamparm()
        p.type = type
        guard (try? port.call(.gParm, &p)) != nil else { return nil }
        let d = FrameDuration(p.parm.capture.timeperframe.numerator, p.parm.capture.timeperframe.denominator)
        return d.interval.isValid ? d : nil
    }
}
