internal import CV4L2
import CaptureModel

extension DevicePort {
    /// Asks what the node is.
    ///
    /// The corresponding ioctl is `VIDIOC_QUERYCAP`. When the driver does not
    /// set `V4L2_CAP_DEVICE_CAPS`, `deviceCaps` equals `capabilities`.
    package func queryIdentity() throws(V4L2Error) -> NodeIdentity {
        var cap = v4l2_capability()
        try call(.queryCap, &cap)
        let caps = CapabilityFlags(rawValue: cap.capabilities)
        let devCaps = caps.contains(.deviceCaps) ? CapabilityFlags(rawValue: cap.device_caps) : caps
        let v = cap.version
        return NodeIdentity(
            driver: decodeCString(cap.driver), card: decodeCString(cap.card), busInfo: decodeCString(cap.bus_info),
            version: "\(v >> 16).\((v >> 8) & 0xff).\(v & 0xff)", capabilities: caps, deviceCaps: devCaps)
    }

    /// Identity of a media-controller node (`/dev/mediaN`).
    ///
    /// The corresponding ioctl is `MEDIA_IOC_DEVICE_INFO`.
    package func queryMediaInfo() throws(V4L2Error) -> MediaDeviceInfo {
        var info = media_device_info()
        try call(.mediaDeviceInfo, &info)
        return MediaDeviceInfo(
            driver: decodeCString(info.driver), model: decodeCString(info.model),
            serial: decodeCString(info.serial), busInfo: decodeCString(info.bus_info))
    }
}

/// What `MEDIA_IOC_DEVICE_INFO` reports.
package struct MediaDeviceInfo: Sendable, Hashable {
    package var driver: String
    package var model: String
    package var serial: String
    package var busInfo: String
}
