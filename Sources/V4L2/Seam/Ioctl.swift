package import CV4L2

/// An ioctl request tied to the C struct it carries: `Ioctl<v4l2_format>.gFmt`
/// can only be sent with a `v4l2_format`, so a wrong struct does not compile.
/// A test checks every pairing against the size the kernel encodes in the
/// request number (`_IOC_SIZE`).
package struct Ioctl<Argument>: Sendable, CustomStringConvertible {
    /// The request (its number and C name).
    package let request: V4L2Request
    init(_ request: V4L2Request) { self.request = request }
    package var description: String { request.description }
    /// The argument size the kernel encodes in the request number.
    package var encodedSize: Int { Int((request.number >> 16) & 0x3FFF) }
}

extension Ioctl where Argument == v4l2_capability {
    package static var queryCap: Self { Self(.queryCap) }
}

extension Ioctl where Argument == v4l2_fmtdesc {
    package static var enumFmt: Self { Self(.enumFmt) }
}

/// `struct v4l2_format`, the argument of the format ioctls.
package typealias V4L2Format = v4l2_format

extension Ioctl where Argument == V4L2Format {
    package static var gFmt: Self { Self(.gFmt) }
    package static var sFmt: Self { Self(.sFmt) }
    package static var tryFmt: Self { Self(.tryFmt) }
}

extension Ioctl where Argument == v4l2_streamparm {
    package static var gParm: Self { Self(.gParm) }
    package static var sParm: Self { Self(.sParm) }
}

extension Ioctl where Argument == v4l2_frmsizeenum {
    package static var enumFrameSizes: Self { Self(.enumFrameSizes) }
}

extension Ioctl where Argument == v4l2_frmivalenum {
    package static var enumFrameIntervals: Self { Self(.enumFrameIntervals) }
}

extension Ioctl where Argument == v4l2_query_ext_ctrl {
    package static var queryExtCtrl: Self { Self(.queryExtCtrl) }
}

extension Ioctl where Argument == v4l2_querymenu {
    package static var queryMenu: Self { Self(.queryMenu) }
}

extension Ioctl where Argument == v4l2_ext_controls {
    package static var gExtCtrls: Self { Self(.gExtCtrls) }
    package static var sExtCtrls: Self { Self(.sExtCtrls) }
}

extension Ioctl where Argument == v4l2_control {
    package static var gCtrl: Self { Self(.gCtrl) }
}

extension Ioctl where Argument == v4l2_input {
    package static var enumInput: Self { Self(.enumInput) }
}

extension Ioctl where Argument == Int32 {
    /// The argument is the input index (`int`).
    package static var gInput: Self { Self(.gInput) }
    package static var sInput: Self { Self(.sInput) }
    /// The argument is the buffer type (`int`).
    package static var streamOn: Self { Self(.streamOn) }
    package static var streamOff: Self { Self(.streamOff) }
}

extension Ioctl where Argument == UInt32 {
    /// The argument is an `enum v4l2_priority`.
    package static var gPriority: Self { Self(.gPriority) }
    package static var sPriority: Self { Self(.sPriority) }
}

extension Ioctl where Argument == v4l2_subdev_mbus_code_enum {
    package static var subdevEnumMbusCode: Self { Self(.subdevEnumMbusCode) }
}

extension Ioctl where Argument == v4l2_subdev_frame_size_enum {
    package static var subdevEnumFrameSize: Self { Self(.subdevEnumFrameSize) }
}

extension Ioctl where Argument == v4l2_subdev_frame_interval_enum {
    package static var subdevEnumFrameInterval: Self { Self(.subdevEnumFrameInterval) }
}

extension Ioctl where Argument == v4l2_subdev_format {
    package static var subdevGFmt: Self { Self(.subdevGFmt) }
    package static var subdevSFmt: Self { Self(.subdevSFmt) }
}

extension Ioctl where Argument == v4l2_subdev_selection {
    package static var subdevGSelection: Self { Self(.subdevGSelection) }
}

extension Ioctl where Argument == media_device_info {
    package static var mediaDeviceInfo: Self { Self(.mediaDeviceInfo) }
}

extension Ioctl where Argument == v4l2_requestbuffers {
    package static var reqBufs: Self { Self(.reqBufs) }
}

extension Ioctl where Argument == v4l2_buffer {
    package static var queryBuf: Self { Self(.queryBuf) }
    package static var qBuf: Self { Self(.qBuf) }
    package static var dqBuf: Self { Self(.dqBuf) }
}

extension Ioctl where Argument == v4l2_event_subscription {
    package static var subscribeEvent: Self { Self(.subscribeEvent) }
}

extension Ioctl where Argument == v4l2_event {
    package static var dqEvent: Self { Self(.dqEvent) }
}

/// Every typed request with its argument size, for the pairing test.
package enum IoctlTable {
    package static let all: [(request: V4L2Request, argumentSize: Int, encodedSize: Int)] = {
        func row<T>(_ i: Ioctl<T>) -> (V4L2Request, Int, Int) { (i.request, MemoryLayout<T>.size, i.encodedSize) }
        return [
            row(.queryCap), row(.enumFmt), row(.gFmt), row(.sFmt), row(.tryFmt), row(.gParm), row(.sParm),
            row(.enumFrameSizes), row(.enumFrameIntervals), row(.queryExtCtrl), row(.queryMenu), row(.gExtCtrls),
            row(.sExtCtrls), row(.gCtrl), row(.enumInput), row(Ioctl<Int32>.gInput), row(Ioctl<Int32>.sInput),
            row(Ioctl<UInt32>.gPriority), row(Ioctl<UInt32>.sPriority), row(.mediaDeviceInfo), row(.subdevEnumMbusCode),
            row(.subdevEnumFrameSize),
            row(.subdevEnumFrameInterval), row(.subdevGFmt), row(.subdevSFmt), row(.subdevGSelection), row(.reqBufs),
            row(.queryBuf), row(.qBuf), row(.dqBuf), row(Ioctl<Int32>.streamOn), row(Ioctl<Int32>.streamOff),
            row(.subscribeEvent), row(.dqEvent), row(.mediaTopology),
        ]
    }()
}

extension Ioctl where Argument == media_v2_topology {
    /// `MEDIA_IOC_G_TOPOLOGY`: the media graph; the arrays it fills are pointed to from the struct.
    package static var mediaTopology: Self { Self(.mediaTopology) }
}
