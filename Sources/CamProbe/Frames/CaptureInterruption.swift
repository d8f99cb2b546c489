import CaptureModel
import V4L2

/// Why a camera's frames stopped, or could not start, through no doing of this handle
/// (AVCaptureSession's `InterruptionReason`, with what Linux can say about it).
public struct CaptureInterruption: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Reason: Sendable, Hashable {
        /// Another process streams from the camera (`VIDIOC_REQBUFS` or `VIDIOC_STREAMON` answered `EBUSY`).
        case anotherProcessStreams
        /// Another process changed the camera's mode since this handle applied `expected`
        /// (`VIDIOC_G_FMT` / `VIDIOC_G_PARM` read `found`).
        case anotherProcessReconfigured(expected: CaptureMode, found: CaptureMode)
        /// The USB host controller could not reserve the isochronous bandwidth the camera asks
        /// for (`VIDIOC_STREAMON` answered `ENOSPC`): other cameras on the same bus hold it.
        case usbBandwidth
        /// The camera went away (unplugged, driver unbound): `ENODEV` and its kin.
        case deviceGone
    }

    public var reason: Reason
    /// The processes holding the camera's node when it was seen (from `/proc/PID/fd`), this
    /// process left out; empty when none could be seen (another user's, or already closed).
    public var holders: [NodeHolder]
    /// For a holder that is the PipeWire daemon: the applications it streams for
    /// ("pid 812 (obs)"), read from the daemon's links.
    public var behindPipeWire: [String]
    /// One sentence for a person: what happened, who did it, what to do.
    public var message: String
    /// For `usbBandwidth`: the camera's bandwidth domain and its rule ("bus 1 port 2 (xHCI per root port: …)"), read
    /// from sysfs when STREAMON was refused; nil when the bus could not be read.
    public var domain: String?
    /// For `usbBandwidth`: the other cameras streaming in the domain now, each with the setting it holds, its cost and
    /// who holds its node ("/dev/video2: alt 11, 3060 B per microframe (61 µs), by pid 812 (ffmpeg …)").
    public var reservedNow: [String] = []
    /// For `usbBandwidth`: this camera's modes that fit beside what the others hold, best first (measured settings
    /// where `verify --measure-usb` kept them, else predicted).
    public var modesThatFit: [CaptureMode] = []
    /// The refused ioctl behind it, when one was (`CaptureDeviceError.underlying`).
    var refused: V4L2Error?

    public init(reason: Reason, holders: [NodeHolder] = [], behindPipeWire: [String] = [], message: String) {
        self.reason = reason
        self.holders = holders
        self.behindPipeWire = behindPipeWire
        self.message = message
    }

    public var description: String { message }

    /// "pid 812 (v4l2-ctl …)", with the applications behind a PipeWire daemon, or a phrase for nobody seen.
    var who: String {
        guard !holders.isEmpty else { return "a process camprobe cannot see (another user's, or one that has closed the camera since)" }
        return holders.map { h in
            "pid \(h.pid) (\(h.commandLine))"
                + (PipeWireUsers.isDaemon(h.commandLine) && !behindPipeWire.isEmpty
                    ? " for " + behindPipeWire.joined(separator: ", ") : "")
        }.joined(separator: ", ")
    }
}

/// What a frame sequence says besides frames (`VideoFrames.events`): AVCaptureSession's
/// `wasInterrupted` and `interruptionEnded` notifications.
public enum FrameStreamEvent: Sendable, Hashable {
    /// Frames stopped, or could not start, for `CaptureInterruption.reason`. With
    /// `FrameOutputOptions.resumesAfterInterruption` the stream waits and tries again; without
    /// it the sequence ends with a `CaptureDeviceError` of kind `interrupted` (or `disconnected`).
    case interrupted(CaptureInterruption)
    /// The interruption is over: the mode the stream had is in force again and frames follow.
    case interruptionEnded
}
