import CaptureModel
import Negotiation
import V4L2

extension CaptureDevice {
    /// Opens the capture node `path` of `device` — the node a `DeviceDecision`
    /// chose — rather than its first one. The corresponding C call is `open(2)`.
    package init(
        device: Device, node path: String, registry: DeviceRegistry? = nil,
        system: any DeviceSystem = SystemDeviceSystem()
    ) throws(CaptureDeviceError) {
        guard let i = device.captures.firstIndex(where: { $0.path == path }) else {
            throw CaptureDeviceError(kind: .failed, id: device.id, message: "\(device.name) (\(device.id)) has no capture node \(path)")
        }
        var reordered = device
        reordered.captures.insert(reordered.captures.remove(at: i), at: 0)
        try self.init(device: reordered, registry: registry, system: system)
    }
}

extension FormatRequest {
    /// The format and frame duration a negotiated choice sets
    /// (`VIDIOC_S_FMT` and `VIDIOC_S_PARM` through `CaptureDevice.commitConfiguration`).
    package init(_ choice: Choice) {
        self.init(
            bufferType: choice.bufferType, fourcc: choice.fourcc, width: choice.size.width, height: choice.size.height,
            frameInterval: choice.frameInterval)
    }
}
