import CaptureModel
import V4L2

extension CaptureDevice {
    /// The frame interval the node is set to now, and whether it takes one; nil when the driver
    /// does not say (no `VIDIOC_G_PARM`).
    ///
    /// The corresponding ioctl is `VIDIOC_G_PARM`.
    public func streamingParameters() async throws(CaptureDeviceError) -> StreamingParameters? {
        try usablePort().readStreamingParameters(bufferType)
    }
}
