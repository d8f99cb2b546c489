import CaptureModel
import Udev

/// A USB camera's bandwidth domain as it is now, read from sysfs: the domain and its controller family's rule, and
/// every camera in it with the alternate setting it holds (what `report` draws, and what a refused STREAMON is
/// explained with).
package struct USBDomainLoad: Sendable {
    package struct Member: Sendable {
        /// Its video node (`/dev/video2`), else its sysfs name (`1-2`).
        package var label: String
        /// The USB device's sysfs name.
        package var sysfsName: String
        /// The setting held now; nil when idle.
        package var held: USBStreamingAlt?
        /// µs of the (micro)frame the held setting costs (`HS_USECS_ISO`…); 0 when idle.
        package var microseconds: Int
        /// The camera the load was read for.
        package var isThis: Bool
        package var speedMbps: Double
    }

    package var domain: USBDomain
    package var members: [Member]
    /// The camera the load was read for (its link, with every setting it has).
    package var link: USBLink

    /// What the members streaming now take, in the rule's unit.
    package var load: Double {
        domain.rule.load(members.compactMap { m in m.held.map { USBDemand($0, speedMbps: m.speedMbps) } })
    }

    /// The domain of the camera at sysfs `path`, and every USB device in it (nil when `path` is not a readable USB device).
    package static func read(sysfs path: String, reader: USBBusReader) -> USBDomainLoad? {
        guard let mine = reader.link(path) else { return nil }
        let domain = USBDomain.of(mine)
        let devices = reader.root + "/bus/usb/devices"
        let entries = reader.files.entries(devices)
        var members: [Member] = []
        // A domain never spans buses, and a device's sysfs name starts with its bus number (`3-1.4`): the other
        // buses' devices are not read.
        let bus = "\(mine.bus)-"
        for name in entries where name.hasPrefix(bus) && USBBusReader.isDevice(name) {
            guard let link = name == mine.sysfsName ? mine : reader.link(name), USBDomain.of(link).key == domain.key,
                !link.alts.isEmpty
            else { continue }
            let nodes = entries.filter { $0.hasPrefix(name + ":") }.flatMap { intf in
                reader.files.entries(devices + "/" + intf + "/video4linux").map { "/dev/" + $0 }
            }.sorted()
            let held = link.heldAlt
            members.append(
                Member(
                    label: nodes.first ?? name, sysfsName: name, held: held,
                    microseconds: held.map { USBDemand($0, speedMbps: link.speedMbps).microseconds } ?? 0,
                    isThis: name == mine.sysfsName, speedMbps: link.speedMbps))
        }
        return USBDomainLoad(domain: domain, members: members, link: mine)
    }
}
