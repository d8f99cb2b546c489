/// The value of a `V4L2_CTRL_TYPE_RECT` control: `struct v4l2_rect` (16 bytes),
/// read and written with `VIDIOC_G_EXT_CTRLS` / `VIDIOC_S_EXT_CTRLS` through
/// `v4l2_ext_control.p_rect`.
public struct ControlRect: Sendable, Hashable, Codable {
    public var left: Int32
    public var top: Int32
    public var width: UInt32
    public var height: UInt32

    public init(left: Int32, top: Int32, width: UInt32, height: UInt32) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }

    /// v4l2-ctl's spelling: `left 0 top 0 width 640 height 480`.
    public var description: String { "left \(left) top \(top) width \(width) height \(height)" }
}

/// The value of a `V4L2_CTRL_TYPE_AREA` control: `struct v4l2_area` (8 bytes),
/// read with `VIDIOC_G_EXT_CTRLS` through `v4l2_ext_control.p_area`.
public struct ControlArea: Sendable, Hashable, Codable {
    public var width: UInt32
    public var height: UInt32

    public init(width: UInt32, height: UInt32) {
        self.width = width
        self.height = height
    }

    /// v4l2-ctl's spelling: `width 1000 height 2000`.
    public var description: String { "width \(width) height \(height)" }
}

/// Control type codes (`enum v4l2_ctrl_type`) the model names.
package enum ControlTypeCode {
    package static let u8: UInt32 = 0x0100
    package static let u16: UInt32 = 0x0101
    package static let u32: UInt32 = 0x0102
    package static let area: UInt32 = 0x0106
    /// `V4L2_CTRL_TYPE_RECT` (uvcvideo's region of interest, kernel 6.16).
    package static let rect: UInt32 = 0x0107
    /// Types at or above this are compound (`V4L2_CTRL_COMPOUND_TYPES`).
    package static let firstCompound: UInt32 = 0x0100
}
