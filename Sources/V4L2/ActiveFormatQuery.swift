import CaptureModel
import HostSystem

extension DevicePort {
    /// The node's active format, or the error that stopped reading it.
    ///
    /// The corresponding ioctl is `VIDIOC_G_FMT` (it changes nothing).
    package func readActiveFormat(_ bufferType: BufferType) throws(V4L2Error) -> ActiveFormat {
        var log = EnumerationLog()
        if let f = CurrentStateReader(port: self, limits: EnumerationLimits()).activeFormat(bufferType, log: &log) { return f }
        var e = V4L2Error(call: "VIDIOC_G_FMT", path: path, errno: Errno.EIO)
        if let p = log.problems.first, let n = p.errno { e.errno = n }
        throw e
    }
}

extension DevicePort {
    /// The node's streaming parameters (whether it takes a frame interval, and the current one);
    /// nil when the driver has no `VIDIOC_G_PARM`.
    ///
    /// The corresponding ioctl is `VIDIOC_G_PARM` (it changes nothing).
    package func readStreamingParameters(_ bufferType: BufferType) -> StreamingParameters? {
        var log = EnumerationLog()
        return CurrentStateReader(port: self, limits: EnumerationLimits()).streamingParameters(bufferType, log: &log)
    }
}
