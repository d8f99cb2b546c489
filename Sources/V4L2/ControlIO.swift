internal import CV4L2
import CaptureModel

extension DevicePort {
    /// The current value of one integer-like control (int, bool, menu, intmenu, int64, bitmask).
    ///
    /// The corresponding ioctl is `VIDIOC_G_EXT_CTRLS` with one control.
    package func readControl(_ id: UInt32, is64Bit: Bool = false) throws(V4L2Error) -> Int64 {
        var c = v4l2_ext_control()
        c.id = id
        try withUnsafeMutablePointer(to: &c) { (p) throws(V4L2Error) in
            var req = v4l2_ext_controls()
            req.which = 0  // V4L2_CTRL_WHICH_CUR_VAL
            req.count = 1
            req.controls = p
            try call(.gExtCtrls, &req)
        }
        return is64Bit ? c.value64 : Int64(c.value)
    }

    /// Sets one integer-like control (a button is pressed by writing it).
    ///
    /// The corresponding ioctl is `VIDIOC_S_EXT_CTRLS` with one control.
    package func writeControl(_ id: UInt32, value: Int64, is64Bit: Bool = false) throws(V4L2Error) {
        var c = v4l2_ext_control()
        c.id = id
        if is64Bit { c.value64 = value } else { c.value = Int32(truncatingIfNeeded: value) }
        try withUnsafeMutablePointer(to: &c) { (p) throws(V4L2Error) in
            var req = v4l2_ext_controls()
            req.which = 0
            req.count = 1
            req.controls = p
            try call(.sExtCtrls, &req)
        }
    }

    /// The control's flags now (inactive changes with its auto switch).
    ///
    /// The corresponding ioctl is `VIDIOC_QUERY_EXT_CTRL` for that ID.
    package func controlFlags(_ id: UInt32) throws(V4L2Error) -> ControlFlags {
        var q = v4l2_query_ext_ctrl()
        q.id = id
        try call(.queryExtCtrl, &q)
        return ControlFlags(rawValue: q.flags)
    }
}
