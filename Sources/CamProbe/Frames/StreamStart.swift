import CaptureModel
import HostSystem
import Udev
import V4L2

/// Starting (and starting again) a frame stream in a given mode: the format check that
/// catches another process's `VIDIOC_S_FMT`, the restore of the mode, and the buffers and
/// `STREAMON`, with the refusals that mean "interrupted" told apart from real failures.
///
/// Not Sendable: it is made on the camera's thread and handed, once, to the streaming
/// thread through `StreamHandoff`, which then is its only user.
final class StreamStarter {
    let port: any DevicePort
    let name: String
    /// The mode the stream delivers, restored when another process changed it.
    let mode: CaptureMode
    let count: UInt32
    /// Whether the mode may be restored (`VIDIOC_S_FMT`) when found changed; false for a
    /// media-controller camera, whose pipeline `apply` sets as one unit.
    let restores: Bool
    /// A USB camera's sysfs device, its node's modes and where the bus is read: what `ENOSPC` is explained with.
    let usb: (sysfs: String, node: CaptureNodeCapabilities?, reader: USBBusReader)?
    private(set) var bytesPerLine: UInt32

    init(
        port: any DevicePort, name: String, mode: CaptureMode, bytesPerLine: UInt32, count: UInt32, restores: Bool,
        usb: (sysfs: String, node: CaptureNodeCapabilities?, reader: USBBusReader)? = nil
    ) {
        self.usb = usb
        self.port = port
        self.name = name
        self.mode = mode
        self.bytesPerLine = bytesPerLine
        self.count = count
        self.restores = restores
    }

    enum Outcome {
        case started(FrameStream)
        case interrupted(CaptureInterruption)
        case failed(V4L2Error)
    }

    /// The mode the driver has now (`VIDIOC_G_FMT`, `VIDIOC_G_PARM`).
    static func readMode(_ port: any DevicePort, path: String, bufferType: BufferType) throws(V4L2Error) -> (CaptureMode, UInt32) {
        let format = try port.readActiveFormat(bufferType)
        let rate = port.readStreamingParameters(bufferType)?.frameInterval.flatMap {
            $0.interval.isValid ? $0.interval.reciprocal : nil
        }
        let mode = CaptureMode(
            path: path, bufferType: format.bufferType, fourcc: format.fourcc,
            size: Dimensions(width: format.width, height: format.height), frameRate: rate)
        return (mode, format.bytesPerLine)
    }

    /// Whether `found` is `expected` as far as frames go: format, size, and the rate when both say one.
    static func sameMode(_ expected: CaptureMode, _ found: CaptureMode) -> Bool {
        guard expected.fourcc == found.fourcc, expected.size == found.size else { return false }
        guard let a = expected.frameRate, let b = found.frameRate, a.isValid, b.isValid else { return true }
        return a == b
    }

    /// One try: restore the mode if another process changed it, then buffers and `STREAMON`.
    func attempt() -> Outcome {
        do throws(V4L2Error) {
            let (found, foundBytesPerLine) = try Self.readMode(port, path: port.path, bufferType: mode.bufferType)
            if !Self.sameMode(mode, found) {
                guard restores else {
                    return .interrupted(CaptureInterruption.reconfigured(expected: mode, found: found, path: port.path, name: name))
                }
                let request = FormatRequest(
                    bufferType: mode.bufferType, fourcc: mode.fourcc, width: mode.size.width, height: mode.size.height,
                    frameInterval: mode.frameInterval)
                bytesPerLine = try ConfigurationSession.apply(request, on: port).after.bytesPerLine
            } else {
                bytesPerLine = foundBytesPerLine
            }
            return .started(try FrameStream(port: port, bufferType: mode.bufferType, count: count))
        } catch {
            if let interruption = CaptureInterruption.refusal(error, name: name, usb: usb) { return .interrupted(interruption) }
            return .failed(error)
        }
    }
}

extension CaptureInterruption {
    /// The interruption a refused ioctl means, or nil when it is a failure of another kind:
    /// `EBUSY` (another process streams), `ENOSPC` (no USB bandwidth). A device gone is a
    /// failure here (the handle is marked disconnected), reported as `deviceGone` when the stream ends.
    /// Who holds the node is read from `/proc` (blocking: call it off the cooperative pool).
    static func refusal(
        _ error: V4L2Error, name: String, usb: (sysfs: String, node: CaptureNodeCapabilities?, reader: USBBusReader)? = nil
    ) -> CaptureInterruption? {
        let path = error.path
        switch error.errno {
        case Errno.EBUSY:
            var i = CaptureInterruption(reason: .anotherProcessStreams, message: "")
            i.refused = error
            i.see(holdersOf: path)
            i.message =
                "\(name): \(i.who) streams from \(path) or holds its format (\(error.call): EBUSY); "
                + "frames resume when it stops, if the stream waits for that (resumesAfterInterruption)"
            return i
        case Errno.ENOSPC:
            var i = CaptureInterruption(reason: .usbBandwidth, message: "")
            i.refused = error
            i.see(holdersOf: path)
            let pressure = usb.flatMap { USBBandwidthPressure.read(sysfs: $0.sysfs, node: $0.node, reader: $0.reader) }
            if let pressure {
                i.domain = pressure.domain
                i.reservedNow = pressure.reservedNow
                i.modesThatFit = pressure.modesThatFit
                i.holders += pressure.holders.filter { h in !i.holders.contains(h) }
            }
            i.message =
                "\(name): the USB host controller has no isochronous bandwidth left for this mode (\(error.call): ENOSPC, "
                + "not a full disk): " + (pressure?.sentence ?? "other cameras on the same bus hold it (the bus could not be read)")
                + "; stop one, pick a mode that fits, or move a camera to another root port or controller"
            return i
        default:
            return nil
        }
    }

    /// Another process's `VIDIOC_S_FMT` / `VIDIOC_S_PARM` found by reading the mode back.
    static func reconfigured(expected: CaptureMode, found: CaptureMode, path: String, name: String) -> CaptureInterruption {
        var i = CaptureInterruption(reason: .anotherProcessReconfigured(expected: expected, found: found), message: "")
        i.see(holdersOf: path)
        i.message =
            "\(name): the mode changed to \(found) since this handle applied \(expected): "
            + "\(i.who) holds \(path); apply the mode again (or keep the configuration lock while recording)"
        return i
    }

    /// Fills `holders` (and the applications behind a PipeWire daemon) from `/proc/PID/fd`.
    mutating func see(holdersOf path: String) {
        holders = NodeHolderLookup.holders(of: path).map(\.holder)
        if holders.contains(where: { PipeWireUsers.isDaemon($0.commandLine) }), let users = PipeWireUsers.behind(path) {
            behindPipeWire = users.map(PipeWireUsers.describe)
        }
    }
}
