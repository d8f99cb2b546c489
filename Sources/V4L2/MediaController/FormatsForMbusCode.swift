internal import CV4L2
import CaptureModel

extension DevicePort {
    /// The pixel formats a media-controller capture node (`V4L2_CAP_IO_MC`) writes
    /// when `code` arrives on its sink pad: `VIDIOC_ENUM_FMT` with `mbus_code` set,
    /// index 0, 1, … until `EINVAL` (at most `limit` entries). Returns nil when the
    /// node could not be asked (an error other than the end of the list). A driver
    /// that ignores `mbus_code` answers its whole list; the caller compares.
    package func pixelFormats(forMbusCode code: MediaBusCode, bufferType: BufferType = .videoCapture, limit: UInt32 = 64) -> [FourCC]? {
        let type = bufferType == .videoCapture ? V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue
        var out: [FourCC] = []
        for index in 0..<limit {
            var d = v4l2_fmtdesc()
            d.index = index
            d.type = type
            d.mbus_code = code.rawValue
            do throws(V4L2Error) {
                guard try callEnumerating(.enumFmt, &d) else { return out }
            } catch {
                return index == 0 ? nil : out
            }
            out.append(FourCC(rawValue: d.pixelformat))
        }
        return out
    }
}
