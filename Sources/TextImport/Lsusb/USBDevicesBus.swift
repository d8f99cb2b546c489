import CaptureModel

/// The cameras of a `usb-devices` or debugfs listing as bus models: devpath from the `Prnt`/`Port` chain, hubs with
/// their TT kind (`D: Prot=01` single, `02` multi), the controller driver from the root hub's manufacturer string
/// (the kernel writes "Linux RELEASE DRIVER" there: drivers/usb/core/hcd.c, rh_string) and its serial (the bus's
/// controller, `0000:00:14.0`). PCI IDs are not in the text.
extension USBDevicesText {
    /// One camera and its place on the bus.
    package struct Camera: Sendable, Hashable {
        package var device: Device
        package var link: USBLink
    }

    /// Every device with a video interface; its link's settings are empty when the text is `usb-devices` (only the
    /// settings held now are listed there: the others are unknown).
    package static func cameras(_ listing: Listing) -> [Camera] {
        let devices = listing.devices
        func find(_ bus: Int, _ dev: Int) -> Device? { devices.first { $0.bus == bus && $0.device == dev } }
        func devpath(_ d: Device) -> [Int]? {
            var path: [Int] = []
            var at = d
            for _ in 0..<8 {
                if at.level == 0 { return path.reversed() }
                path.append(at.port + 1)
                guard at.level > 1 else { return path.reversed() }
                guard let up = find(at.bus, at.parent) else { return nil }
                at = up
            }
            return nil
        }
        var out: [Camera] = []
        for d in devices where d.isVideo {
            guard let ports = devpath(d), !ports.isEmpty else { continue }
            var hubs: [USBHub] = []
            for depth in 1..<max(1, ports.count) {
                let prefix = Array(ports.prefix(depth))
                guard
                    let h = devices.first(where: { $0.bus == d.bus && $0.deviceClass == 0x09 && $0.level == depth && devpath($0) == prefix }
                    )
                else { continue }
                hubs.append(
                    USBHub(
                        sysfsName: "\(d.bus)-" + prefix.map(String.init).joined(separator: "."), tt: USBHub.tt(protocol: h.deviceProtocol)))
            }
            let root = devices.first { $0.bus == d.bus && $0.level == 0 }
            let controller = root.map { r in
                USBController(driver: String(r.manufacturer?.split(separator: " ").last ?? ""), sysfsName: r.serial ?? "")
            }
            let path = ports.map(String.init).joined(separator: ".")
            out.append(
                Camera(
                    device: d,
                    link: USBLink(
                        sysfsName: "\(d.bus)-\(path)", bus: d.bus, devpath: path, speedMbps: d.speedMbps, hubs: hubs,
                        controller: controller, alts: listing.allSettings ? d.alts : [])))
        }
        return out
    }
}
