import CamProbe
import CaptureModel
import Udev

/// Reads the USB bandwidth domains of the inventory's present USB cameras from sysfs (`USBDomainLoad.read`): a few
/// small file reads per camera, no ioctl, no root. Blocking: `FleetTextfile` calls it on its own thread.
package struct FleetBusProbe: Sendable {
    /// Where sysfs is read (`/sys`; a fixture tree in tests).
    package var reader: USBBusReader
    /// The alternate settings measured for the camera at a sysfs path, by mode key (`MeasuredReservations`).
    package var measured: @Sendable (String) -> [String: UInt8]

    package init(reader: USBBusReader, measured: @escaping @Sendable (String) -> [String: UInt8] = FleetBusProbe.measuredAlts) {
        self.reader = reader
        self.measured = measured
    }

    /// The domains of the present USB cameras of `inventory`; a camera whose sysfs directory cannot be read as a USB
    /// device is counted in `unread`.
    package func read(_ inventory: FleetInventory) -> FleetBusState {
        var cameras: [FleetBusState.Camera] = []
        var unread = 0
        for e in inventory.sorted where e.present && e.hasCamera && e.bus == TransportKind.usb.rawValue {
            guard let sysfs = e.usbSysfs, let load = USBDomainLoad.read(sysfs: sysfs, reader: reader) else {
                unread += 1
                continue
            }
            let alt = e.wish.flatMap { measured(sysfs)[$0.key] }
            cameras.append(FleetBusState.Camera(id: e.id, load: load, wish: e.wish, measuredAlt: alt))
        }
        return FleetBusState(cameras: cameras, unread: unread, maximumCameras: inventory.maximumDevices)
    }

    /// What `verify --measure-usb` kept for the model of the USB device at `sysfs` (empty when nothing was measured).
    package static func measuredAlts(_ sysfs: String) -> [String: UInt8] {
        MeasuredReservations.model(ofSysfs: sysfs).flatMap { MeasuredReservations.load(model: $0) }?.alts ?? [:]
    }
}
