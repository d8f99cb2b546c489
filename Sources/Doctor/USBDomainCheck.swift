import CamProbe
import CaptureModel
import Udev

extension DoctorHost {
    /// A USB device's bus model from its sysfs path (`USBBusReader`); nil when it cannot be read. The default is nil:
    /// a host that cannot read the bus (a fake) has only what the devices carry (`Device.usb`, from a profile).
    package func usbLink(_ sysfsPath: String) -> USBLink? { nil }
}

extension SystemDoctorHost {
    /// The bus read from /sys without root and without streaming.
    package func usbLink(_ sysfsPath: String) -> USBLink? { USBBusReader().link(sysfsPath) }
}

extension DoctorContext {
    /// Check 3 with the bus model, where the host can read it: the cameras grouped by bandwidth domain (`USBDomain`),
    /// each costed by the alternate setting it holds now (measured) or, not streaming, by what its current format would
    /// reserve (uncompressed: the lower bound; compressed: its largest setting), against the domain's rule. A camera
    /// whose bus is neither readable in sysfs nor carried by its document (`Device.usb`) is named in one INFO finding:
    /// its bandwidth is unknown, not fine.
    func usbDomains(checked: [Device], all: [Device]) -> [DoctorFinding] {
        var groups: [(domain: USBDomain, members: [(Device, USBLink)])] = []
        var unread: [Device] = []
        let wanted = Set(checked.map(\.id))
        for d in all where d.transport.kind == .usb {
            guard let link = d.identity.physicalPath.flatMap({ host.usbLink($0) }) ?? d.usb?.link else {
                if wanted.contains(d.id) { unread.append(d) }
                continue
            }
            let domain = USBDomain.of(link)
            if let i = groups.firstIndex(where: { $0.domain.key == domain.key }) {
                groups[i].members.append((d, link))
            } else {
                groups.append((domain, [(d, link)]))
            }
        }
        return Self.unreadBus(unread)
            + groups.filter { g in g.members.contains { wanted.contains($0.0.id) } }.compactMap { g in
                var demands: [USBDemand] = []
                var evidence = [
                    "\(g.domain.key): \(g.domain.rule.family), \(Int(g.domain.rule.capacity)) \(g.domain.rule.unit) (\(g.domain.rule.kernelSource))"
                ]
                if let n = g.domain.note { evidence.append(n) }
                for (d, link) in g.members {
                    guard let r = reservation(d, link) else { continue }
                    guard let demand = r.demand(speedMbps: link.speedMbps) else { continue }
                    demands.append(demand)
                    let alt = r.alt.map { "alt \($0.alt), " } ?? ""
                    let held = link.heldAlt != nil ? "streaming now" : "its current format"
                    let mode = Self.currentMode(d).map { " \($0) (\(held))" } ?? " (\(held))"
                    evidence.append(
                        "\(d.name) (\(link.sysfsName)):\(mode) → \(alt)\(r.bytes) B per µframe, \(demand.microseconds) µs (\(r.evidence.rawValue))"
                    )
                }
                let load = g.domain.rule.load(demands)
                guard load > g.domain.rule.capacity + 1e-9 else { return nil }
                evidence.append("load \(Int(load)) > \(Int(g.domain.rule.capacity)) \(g.domain.rule.unit)")
                return DoctorFinding(
                    severity: .warning, check: .usbBandwidth,
                    title: "Cameras on \(g.domain.key) would reserve \(Int(load)) of \(Int(g.domain.rule.capacity)) \(g.domain.rule.unit)",
                    device: g.members.count == 1 ? g.members[0].0.name : nil, subject: g.domain.key, evidence: evidence,
                    fix: "Plan them together: `camprobe negotiate --together DEVICE DEVICE… --size WxH --fps F` says which modes fit "
                        + "and which move to another root port (or controller) would help")
            }
    }

    /// The cameras whose bus could not be read, in one INFO finding (none when every bus was read).
    static func unreadBus(_ devices: [Device]) -> [DoctorFinding] {
        guard !devices.isEmpty else { return [] }
        let n = devices.count
        return [
            DoctorFinding(
                severity: .info, check: .usbBandwidth,
                title:
                    "USB bandwidth not checked for \(n) camera\(n == 1 ? "" : "s"): \(n == 1 ? "its bus" : "their buses") could not be read",
                device: n == 1 ? devices[0].name : nil, subject: nil,
                evidence: devices.map { d in
                    "\(d.name): "
                        + (d.identity.physicalPath.map { "\($0) gives no USB device (busnum, devpath, descriptors)" }
                            ?? "no sysfs path") + ", and its document carries no bus"
                },
                fix: "Run doctor on the machine the cameras are on, or import its `lsusb -v` and `lsusb -t` (`camprobe import`)")
        ]
    }

    /// "YUYV 1280x720 at 30 fps": the current format and rate, when known.
    static func currentMode(_ d: Device) -> String? {
        guard let c = d.captures.first, let f = c.activeFormat, let fps = c.streamingParameters?.frameInterval?.fps else { return nil }
        return "\(f.fourcc.name) \(f.width)x\(f.height) at \(formatFPS(fps)) fps"
    }

    /// What a camera reserves: the setting it holds now when streaming, else what its current format would take.
    func reservation(_ d: Device, _ link: USBLink) -> USBReservation? {
        if let held = link.heldAlt {
            return USBReservation(alt: held, bytes: held.bytesPerInterval, payload: held.bytesPerInterval, evidence: .measured)
        }
        guard let c = d.captures.first, let f = c.activeFormat, let fps = c.streamingParameters?.frameInterval?.fps, fps > 0 else {
            return nil
        }
        let compressed = c.formats.first { $0.fourcc == f.fourcc }?.isCompressed ?? false
        let payload = Bandwidth.bytesPerPixel(f.fourcc, compressed: compressed).map { bpp in
            USBReservation.uncompressedPayload(
                width: Int(f.width), height: Int(f.height), bitsPerPixel: Int((bpp * 8).rounded()), fps: fps, highSpeed: !link.isFullSpeed)
        }
        return USBReservation.of(payload: payload, link: link)
    }
}
