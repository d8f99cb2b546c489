import CamProbe

/// `list`'s "USB bus" lines for the devices that carry their bus (`Device.usb`: saved profiles, `import`): speed,
/// place, controller, streaming settings. Nothing when no device carries one, so other listings are unchanged.
enum ListUSBBus {
    /// The lines, one block per device with a bus (`#` is the list index).
    static func lines(_ devices: [Device]) -> [String] {
        let carried = devices.enumerated().compactMap { i, d in d.usb.map { (i, d, $0) } }
        guard !carried.isEmpty else { return [] }
        var out = ["", "USB bus:"]
        for (i, d, u) in carried {
            out.append("\(i)  \(d.name): \(u.speedLabel), \(u.place)")
            out.append("   controller \(u.controllerText); \(u.settingsText); from \(u.source)")
            if let m = u.measuredText { out.append("   measured: \(m)") }
        }
        return out
    }
}
