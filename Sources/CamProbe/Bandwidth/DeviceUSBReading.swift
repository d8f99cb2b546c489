import CaptureModel
import Udev

/// A live USB camera's bus as documents carry it (`Device.usb`): read from sysfs only (no ioctl, no open of the
/// device, nothing written), so listing stays a read.
package enum DeviceUSBReading {
    /// The bus of `device`: its link (`USBBusReader.link`, without the setting held now), the settings
    /// `verify --measure-usb` saved for its model and firmware (`MeasuredReservations` in `measuredIn`) and that
    /// firmware (`bcdDevice`). nil when it is not a USB device, has no sysfs parent, or its parent lies outside the
    /// reader's sysfs tree (a fake machine's made-up path is not read on the real one).
    package static func read(
        _ device: Device, reader: USBBusReader, measuredIn directory: String = MeasuredReservations.directory
    ) -> DeviceUSB? {
        guard device.transport.kind == .usb, let sysfs = device.identity.physicalPath, sysfs.hasPrefix(reader.root + "/"),
            let link = reader.link(sysfs)
        else { return nil }
        let model = MeasuredReservations.model(ofSysfs: sysfs)
        let measured = model.flatMap { MeasuredReservations.load(model: $0, from: directory) }?.alts ?? [:]
        let firmware = reader.files.text(sysfs + "/bcdDevice").flatMap(firmwareVersion)
        return DeviceUSB(source: "sysfs", link: link, measured: measured, firmware: firmware)
    }

    /// `bcdDevice` as lsusb prints it: `0013` → `0.13`, `1a05` → `1a.05` (the major part without leading zeros).
    /// nil when it is not four hex digits.
    package static func firmwareVersion(_ bcd: String) -> String? {
        let t = bcd.lowercased().hasPrefix("0x") ? String(bcd.dropFirst(2)) : bcd
        guard t.count == 4, t.allSatisfy(\.isHexDigit) else { return nil }
        let major = t.prefix(2).drop { $0 == "0" }
        return (major.isEmpty ? "0" : String(major)).lowercased() + "." + t.suffix(2).lowercased()
    }
}
