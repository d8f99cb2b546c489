internal import CV4L2
import CaptureModel

extension DevicePort {
    /// Sets a rect control and a bitmask control in one call, as uvcvideo's
    /// region of interest wants them (`V4L2_CID_UVC_REGION_OF_INTEREST_RECT`
    /// with its `struct v4l2_rect`, `V4L2_CID_UVC_REGION_OF_INTEREST_AUTO` with
    /// the `V4L2_UVC_REGION_OF_INTEREST_AUTO_*` bits): both or neither.
    ///
    /// The corresponding ioctl is `VIDIOC_S_EXT_CTRLS` with two controls.
    package func writeRect(_ rectID: UInt32, _ rect: ControlRect, bitmask bitmaskID: UInt32, _ bits: UInt32) throws(V4L2Error) {
        var payload = v4l2_rect(left: rect.left, top: rect.top, width: rect.width, height: rect.height)
        try withUnsafeMutableBytes(of: &payload) { (raw) throws(V4L2Error) in
            var ext = [v4l2_ext_control](repeating: v4l2_ext_control(), count: 2)
            ext[0].id = rectID
            ext[0].size = UInt32(raw.count)
            ext[0].ptr = raw.baseAddress
            ext[1].id = bitmaskID
            ext[1].value = Int32(bitPattern: bits)
            try ext.withUnsafeMutableBufferPointer { (buf) throws(V4L2Error) in
                var req = v4l2_ext_controls()
                req.which = 0  // V4L2_CTRL_WHICH_CUR_VAL
                req.count = 2
                req.controls = buf.baseAddress
                try call(.sExtCtrls, &req)
            }
        }
    }

    /// The current value of one rect control (`struct v4l2_rect`).
    ///
    /// The corresponding ioctl is `VIDIOC_G_EXT_CTRLS` with one control whose
    /// `ptr` points at a `struct v4l2_rect` and whose `size` is 16.
    package func readRect(_ id: UInt32) throws(V4L2Error) -> ControlRect {
        var r = v4l2_rect()
        try withUnsafeMutableBytes(of: &r) { (raw) throws(V4L2Error) in
            var c = v4l2_ext_control()
            c.id = id
            c.size = UInt32(raw.count)
            c.ptr = raw.baseAddress
            try withUnsafeMutablePointer(to: &c) { (p) throws(V4L2Error) in
                var req = v4l2_ext_controls()
                req.which = 0
                req.count = 1
                req.controls = p
                try call(.gExtCtrls, &req)
            }
        }
        return ControlRect(left: r.left, top: r.top, width: r.width, height: r.height)
    }
}
