import CamProbe

/// The "USB bus" section of a device that carries its bus (`Device.usb`: a live camera read from sysfs, a saved
/// profile, an import): speed, place, controller, streaming settings, what was measured, and where it was read.
extension DeviceReport {
    /// Name/value pairs for the section; empty when the device carries no bus (the section is then left out).
    static func busFacts(of d: Device) -> [(String, String)] {
        guard let u = d.usb else { return [] }
        var f: [(String, String)] = [
            ("Link speed", u.speedLabel), ("Place", u.place), ("Controller", u.controllerText), ("Streaming settings", u.settingsText),
        ]
        if let m = u.measuredText { f.append(("Measured", m)) }
        f.append(("Read from", u.source))
        return f
    }
}
