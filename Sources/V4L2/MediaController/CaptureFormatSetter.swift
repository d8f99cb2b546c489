internal import CV4L2
import CaptureModel

extension DevicePort {
    /// Sets a capture node's pixel format and size and reads back what the driver chose, for the capture nodes of
    /// a media pipeline that are not the one being configured (their links are validated too). The corresponding
    /// ioctls are `VIDIOC_G_FMT`, `VIDIOC_S_FMT` and `VIDIOC_G_FMT`.
    package func setCaptureFormat(fourcc: FourCC?, size: Dimensions, bufferType: BufferType = .videoCapture) throws(V4L2Error)
        -> ActiveFormat
    {
        let type = bufferType == .videoCapture ? V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue
        var f = v4l2_format()
        f.type = type
        try call(.gFmt, &f)
        if bufferType == .videoCapture {
            if let fourcc { f.fmt.pix.pixelformat = fourcc.rawValue }
            f.fmt.pix.width = size.width
            f.fmt.pix.height = size.height
            f.fmt.pix.field = V4L2_FIELD_ANY.rawValue
            f.fmt.pix.bytesperline = 0
            f.fmt.pix.sizeimage = 0
        } else {
            if let fourcc { f.fmt.pix_mp.pixelformat = fourcc.rawValue }
            f.fmt.pix_mp.width = size.width
            f.fmt.pix_mp.height = size.height
            f.fmt.pix_mp.field = V4L2_FIELD_ANY.rawValue
        }
        try call(.sFmt, &f)
        return try readActiveFormat(bufferType)
    }
}
