import CamProbe
import Udev

/// `show`'s USB part for a live USB camera: where it sits (bus, root port, hubs and their TTs, controller), its
/// bandwidth domain and rule, every streaming alternate setting with what it costs, and the one it holds now.
/// Read from sysfs without root and without streaming; for a profile, the bus it carries (`Device.usb`, without the
/// setting held when it was read); nothing for devices not on USB or profiles without it.
enum ShowUSBBus {
    static func render(_ d: Device) {
        guard d.transport.kind == .usb, let path = d.identity.physicalPath, let link = USBBusReader().link(path) else { return }
        render(link, heading: "USB bus (for several cameras together: camprobe negotiate --together)")
    }

    /// A saved profile's bus: where it was read from, then what was measured on which firmware.
    static func render(saved u: DeviceUSB) {
        render(
            u.link, heading: "USB bus (saved: read from \(u.source))",
            noSettings: "streaming settings not known: \(u.source) did not list them")
        if let m = u.measuredText { print("  measured: \(m)") }
    }

    static func render(
        _ link: USBLink, heading: String, noSettings: String = "no streaming alternate setting with an endpoint in its descriptors"
    ) {
        print("")
        print(heading)
        var place = "  \(link.sysfsName): bus \(link.bus), root port \(link.rootPort)"
        if !link.hubs.isEmpty {
            place +=
                ", behind "
                + link.hubs.map { "\($0.sysfsName)" + ($0.tt == .none ? "" : " (\($0.tt.rawValue) TT)") }.joined(separator: ", ")
        }
        print(place + "; controller " + (link.controller?.summary ?? "not found"))
        let domain = USBDomain.of(link)
        print("  domain \(domain.key): \(domain.rule.family), \(Int(domain.rule.capacity)) \(domain.rule.unit)")
        if let n = domain.note { print("  " + n) }
        let alts = link.alts.filter { $0.endpoint != nil }
        if alts.isEmpty {
            print("  " + noSettings)
        } else if alts.isBulk {
            print("  bulk streaming: reserves no bandwidth")
        } else {
            for a in alts {
                let us = USBBusTime.microseconds(bytes: a.bytesPerInterval, speedMbps: link.speedMbps)
                print("  \(a.summary), \(us) µs" + (link.currentAlt == a.alt ? "  ← held now (streaming)" : ""))
            }
            if link.currentAlt == 0 { print("  holds alt 0 now: not streaming") }
        }
    }
}
