import CamProbe
import Udev

/// `list`'s note on USB bandwidth, for live cameras: the cameras that share a bandwidth domain already 80 % or more
/// reserved by what they stream now (the alternate settings they hold), where another camera will not start.
enum ListUSBDomains {
    /// The notes, one per such domain; `link` reads a device's bus (sysfs in the command, fixtures in tests).
    static func notes(_ devices: [Device], link: (Device) -> USBLink?) -> [String] {
        var groups: [(domain: USBDomain, members: [(Device, USBLink)])] = []
        for d in devices where d.transport.kind == .usb && !d.captures.isEmpty {
            guard let l = link(d) else { continue }
            let domain = USBDomain.of(l)
            if let i = groups.firstIndex(where: { $0.domain.key == domain.key }) {
                groups[i].members.append((d, l))
            } else {
                groups.append((domain, [(d, l)]))
            }
        }
        return groups.compactMap { g in
            guard g.members.count >= 2 else { return nil }
            let demands = g.members.compactMap { m in m.1.heldAlt.map { USBDemand($0, speedMbps: m.1.speedMbps) } }
            let fraction = g.domain.rule.fraction(demands)
            guard !demands.isEmpty, fraction >= 0.8 else { return nil }
            let names = g.members.map { $0.0.name }.joined(separator: ", ")
            return "\(names) share USB bandwidth domain \(g.domain.key) (\(g.domain.rule.family)), "
                + "\(Int((fraction * 100).rounded())) % reserved by what streams now: another stream there may fail to start "
                + "(plan them with camprobe negotiate --together)"
        }
    }

    /// The notes for this machine's cameras, through sysfs.
    static func report(_ devices: [Device]) {
        let reader = USBBusReader()
        // Nothing can be reserved when no camera streams: a few `bAlternateSetting` reads decide, before any bus is modelled
        // (listing pays for the model only when it can matter; benchmarks §23).
        guard devices.contains(where: { d in d.transport.kind == .usb && d.identity.physicalPath.map(reader.streamsNow) == true })
        else { return }
        for n in notes(devices, link: { d in d.identity.physicalPath.flatMap { reader.link($0) } }) { Terminal.note(n) }
    }
}
