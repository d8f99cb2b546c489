import CaptureModel
import Negotiation
import Udev

extension CaptureDevice {
    /// Decides a session preset for `device` (this handle's camera) beside what already streams on its USB bus.
    ///
    /// On this handle's own thread: takes the advisory lock of the camera's bandwidth domain (`flock(2)` on
    /// `/run/lock/camprobe-usb-<domain>.lock`), reads the bus (each camera in the domain with the alternate setting it
    /// holds, sysfs `bAlternateSetting`, and who holds its node, `/proc/PID/fd`), then decides: the one-camera
    /// decision (`Negotiator.decide(preset:across:)`) when its reservation fits beside them, else the best mode that
    /// does, each change giving the bus as its reason, or Unsupported. The lock stays with this handle until its
    /// stream starts (`frames()`, after `VIDIOC_STREAMON`) or `close()`: two recorders deciding at the same instant do
    /// not take the same free microseconds. A camera not on USB, or whose bus cannot be read, gets the one-camera
    /// decision.
    /// - Throws: `CaptureDeviceError` of kind `busy` when another process holds the domain's lock for over 10 s.
    public func decide(preset: SessionPreset, for device: Device) async throws(CaptureDeviceError) -> DeviceDecision {
        try decideBesideBus(device) { Negotiator.decide(preset: preset, across: $0) }
    }

    /// `decide(preset:for:)` for a request.
    public func decide(_ request: CaptureRequest, for device: Device) async throws(CaptureDeviceError) -> DeviceDecision {
        try decideBesideBus(device) { Negotiator.decide(request, across: $0) }
    }

    func decideBesideBus(_ device: Device, _ decide: (Device) -> DeviceDecision) throws(CaptureDeviceError) -> DeviceDecision {
        guard device.transport.kind == .usb, let sysfs = device.identity.physicalPath, let link = system.usbBus.link(sysfs) else {
            return decide(device)
        }
        if busLock == nil {
            do throws(USBDomainLock.Failure) {
                busLock = try USBDomainLock(domain: USBDomain.of(link).key)
            } catch {
                throw CaptureDeviceError(kind: .busy, id: id, message: "\(name): \(error.message)")
            }
        }
        guard let bus = BusContext.read(device, reader: system.usbBus) else { return decide(device) }
        return Negotiator.decide(device, beside: bus, decide).decision
    }
}
