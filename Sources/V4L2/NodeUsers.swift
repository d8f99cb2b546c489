internal import CV4L2
import CaptureModel
import HostSystem

/// What a capture node says about its other users, asked without changing anything.
package enum NodeUsers {
    /// Asks `VIDIOC_G_PRIORITY` (the highest priority any handle holds) and `VIDIOC_REQBUFS` with
    /// count 0 and MMAP memory: a handle that does not own the buffer queue gets `EBUSY` when
    /// another owns it (it streams or has buffers); when nobody owns it the call allocates and frees
    /// nothing. No format, rate or control is read or changed. An answer the node does not give is nil.
    ///
    /// The corresponding C calls are the ioctls `VIDIOC_G_PRIORITY` and `VIDIOC_REQBUFS`.
    package static func probe(_ port: any DevicePort, bufferType: BufferType) -> (bufferQueueOwned: Bool?, recordPriority: Bool?) {
        var recordPriority: Bool?
        var priority: UInt32 = 0
        if (try? port.call(Ioctl<UInt32>.gPriority, &priority)) != nil {
            recordPriority = priority == V4L2_PRIORITY_RECORD.rawValue
        }
        var req = v4l2_requestbuffers()
        req.count = 0
        req.type =
            bufferType == .videoCaptureMultiplanar ? V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.rawValue : V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        req.memory = V4L2_MEMORY_MMAP.rawValue
        var owned: Bool?
        do {
            try port.call(.reqBufs, &req)
            owned = false
        } catch {
            if error.errno == Errno.EBUSY { owned = true }
        }
        return (owned, recordPriority)
    }
}
