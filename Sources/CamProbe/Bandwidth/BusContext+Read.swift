import CaptureModel
import Negotiation
import Udev

extension BusContext {
    /// The bus of a live USB camera as it is now, read from sysfs without root and without streaming: its link and
    /// alternate settings, the settings measured for its model and firmware (`verify --measure-usb`), and every other
    /// camera in its bandwidth domain that holds a nonzero `bAlternateSetting`, with the processes holding its node
    /// (`/proc/PID/fd`). nil when the device is not on USB or its sysfs device cannot be read. Blocking: call it off
    /// the cooperative pool.
    package static func read(_ device: Device, reader: USBBusReader = USBBusReader()) -> BusContext? {
        guard device.transport.kind == .usb, let sysfs = device.identity.physicalPath,
            let now = USBDomainLoad.read(sysfs: sysfs, reader: reader)
        else { return nil }
        // Discovery read the saved measurements already (`Device.usb`); read them here only for a device without.
        var measured =
            device.usb?.measured
            ?? MeasuredReservations.model(ofSysfs: sysfs).flatMap { MeasuredReservations.load(model: $0) }?.alts ?? [:]
        if let node = device.captures.first {
            measured.merge(JointPlanning.held(node, now.link)) { _, now in now }
        }
        return BusContext(link: now.link, measured: measured, occupancy: .now(now, leaving: [now.link.sysfsName]))
    }
}
