import CamProbe
import CaptureModel

/// What a camera is meant to stream, for `FleetBusState`'s count of wishes that would not fit.
///
/// camprobe keeps no mode per camera (`ctl --save` and `monitor --restore` keep controls, `verify --measure-usb` keeps
/// settings per model), so the wish is the mode the camera is set to now, as discovery read it: its active format
/// (`VIDIOC_G_FMT`) at its current frame interval (`VIDIOC_G_PARM`), matched to one of the node's native modes.
package enum FleetWish {
    /// The mode `node` is set to, as one of its native modes at one rate; nil when the active format or interval was
    /// not read, or is not one the node lists (an emulated format, a rate inside a continuous range).
    package static func of(_ node: CaptureNodeCapabilities) -> ModeReservation? {
        guard let f = node.activeFormat, let interval = node.streamingParameters?.frameInterval?.interval, interval.isValid,
            let fps = interval.reciprocalValue
        else { return nil }
        return ModeReservation.all(of: node).first { m in
            m.bufferType == f.bufferType && m.fourcc == f.fourcc && m.size == Dimensions(width: f.width, height: f.height)
                && abs((m.rate.doubleValue ?? 0) - fps) < 0.005 * fps
        }
    }
}
