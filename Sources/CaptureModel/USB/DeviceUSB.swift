/// A USB camera's place on the bus, as documents carry it (`show --json`, profiles, `import`): the link (speed,
/// bus, root port and hubs with their TT kind, the controller when known, every streaming alternate setting), the
/// settings measured per mode with the firmware they were measured on, and where the facts came from. The setting
/// held at the moment of reading is state, not a capability: documents leave `link.currentAlt` out.
package struct DeviceUSB: Sendable, Hashable, Codable {
    /// Where the bus facts were read: `sysfs`, `lsusb -v`, `lsusb -t`, `usb-devices`, `debugfs`, or several
    /// joined by `+`.
    package var source: String
    /// The link, without the setting held now.
    package var link: USBLink
    /// Alternate settings seen while a mode streamed (`verify --measure-usb`), by mode key (`MJPG 1280x720@30`).
    package var measured: [String: UInt8]
    /// `bcdDevice` of the firmware the measured settings were seen on (`0.13`), when known.
    package var firmware: String?

    package init(source: String, link: USBLink, measured: [String: UInt8] = [:], firmware: String? = nil) {
        self.source = source
        var l = link
        l.currentAlt = nil
        self.link = l
        self.measured = measured
        self.firmware = firmware
    }
}
