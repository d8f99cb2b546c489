import CamProbe
import CaptureModel

extension DoctorCheckID {
    /// USB cameras alike with no serial number.
    package static let alikeWithoutSerial = DoctorCheckID("alike-without-serial")
}

extension DoctorCheck {
    /// Check 3b, cameras alike without a serial (`alikeWithoutSerial`).
    package static let alikeWithoutSerial = DoctorCheck(
        .alikeWithoutSerial, summary: "USB cameras alike, told apart only by port",
        .cameras { run in run.alikeWithoutSerial(checked: run.cameras, all: run.allCameras) })
}

extension DoctorContext {
    /// Check 3b (after USB bandwidth), cameras alike without a serial number: two or more USB cameras with one vendor:product
    /// (sysfs `idVendor`/`idProduct`) and no `serial` attribute can only be told apart by the port they are
    /// plugged into. Their stable IDs carry the port (`usb-VID:PID@PORT`), and udev asks one
    /// `/dev/v4l/by-id/…` name for all of them, which points at only one (`readlink(2)`). Only groups that
    /// hold one of the `checked` cameras are looked at; a device whose identity is unknown is left out.
    func alikeWithoutSerial(checked: [Device], all: [Device]) -> [DoctorFinding] {
        var groups: [String: [Device]] = [:]
        var order: [String] = []
        for d in all where d.transport.kind == .usb && (d.identity.serial ?? "").isEmpty {
            guard let vid = d.identity.vendorID, let pid = d.identity.productID else { continue }
            let key = "\(vid):\(pid)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(d)
        }
        let wanted = Set(checked.map(\.id))
        let links = host.stableLinks()
        return order.compactMap { key -> DoctorFinding? in
            let alike = groups[key]!
            guard alike.count > 1, alike.contains(where: { wanted.contains($0.id) }) else { return nil }
            var evidence: [String] = []
            var portLinks: [String] = []
            var nodes: Set<String> = []
            for d in alike {
                let capture = Self.videoNodes(d).first ?? d.nodes.first?.path ?? "?"
                nodes.formUnion(Self.videoNodes(d))
                evidence.append(
                    "\(d.name) \(capture): \(key), no serial (sysfs serial absent), port \(d.identity.portPath ?? "unknown"), ID \(d.id)")
                portLinks += links.filter { $0.target == capture && $0.link.hasPrefix("/dev/v4l/by-path/") }.map(\.link)
            }
            for l in links where l.link.hasPrefix("/dev/v4l/by-id/") && nodes.contains(l.target) {
                evidence.append("readlink \(l.link) → \(l.target): one name for \(alike.count) cameras; it points at one of them")
            }
            let byPort = portLinks.isEmpty ? "their /dev/v4l/by-path/… links" : portLinks.sorted().joined(separator: ", ")
            return DoctorFinding(
                severity: .warning, check: .alikeWithoutSerial,
                title: "\(alike.count) cameras \(key) (\(alike[0].name)) have no serial number: only their USB port tells them apart",
                evidence: evidence,
                fix: "Name each by its port (\(byPort)) or by camprobe's ID, and keep each camera in its port; "
                    + "a /dev/v4l/by-id name or a swapped cable picks the other camera")
        }
    }
}
