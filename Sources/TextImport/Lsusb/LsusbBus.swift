import CaptureModel

/// A pasted machine's USB cameras as bus models: `lsusb -v` gives each camera's alternate settings and each hub's
/// TT kind, `lsusb -t` the topology (ports, speeds) and each bus's controller driver. Either alone works: without
/// `-t` the topology is unknown (each camera assumed on its own bus port 1) and the speed is what `-v` shows
/// (`LsusbBusDevice.linkSpeedEvidence`: "Negotiated speed", `bcdUSB` 3.x, SuperSpeed companions), else high;
/// without `-v` no alternate setting is known. The link says which evidence decided its speed. PCI IDs are never in
/// lsusb's text, so Intel's and AMD's exceptions are not recognized.
package enum LsusbBus {
    /// One camera: its IDs and the bus model built for it.
    package struct Camera: Sendable, Hashable {
        package var vendorID: UInt16
        package var productID: UInt16
        /// The device number on its bus (`Device 004` in `lsusb -v`, `Dev 4` in `lsusb -t`).
        package var device: Int = 0
        package var link: USBLink
    }

    /// The cameras (devices with a video-streaming interface, or a `Class=Video` line) of the pasted texts.
    package static func cameras(verbose: String?, tree: String?) -> [Camera] {
        let devices = verbose.map(LsusbBusVerbose.read) ?? []
        let (controllers, entries) = tree.map(LsusbBusTree.read) ?? ([:], [])
        var out: [Camera] = []
        for d in devices where !d.alts.isEmpty {
            let e = entries.first { $0.bus == d.bus && $0.device == d.device }
            out.append(
                Camera(vendorID: d.vendorID, productID: d.productID, device: d.device, link: link(d, e, entries, devices, controllers)))
        }
        // Cameras only `lsusb -t` shows (no `-v` for them).
        for e in entries
        where e.interfaceClass == "Video" && !out.contains(where: { $0.link.bus == e.bus && $0.link.sysfsName == e.sysfsName }) {
            out.append(Camera(vendorID: 0, productID: 0, device: e.device, link: link(nil, e, entries, devices, controllers)))
        }
        return out
    }

    static func link(
        _ d: LsusbBusDevice?, _ e: LsusbTreeEntry?, _ entries: [LsusbTreeEntry], _ devices: [LsusbBusDevice], _ controllers: [Int: String]
    ) -> USBLink {
        let bus = e?.bus ?? d?.bus ?? 0
        guard let e else {
            let seen = d?.linkSpeedEvidence
            return USBLink(
                sysfsName: "\(bus)-1", bus: bus, devpath: "1", speedMbps: seen?.mbps ?? 480,
                controller: controllers[bus].map { USBController(driver: $0) }, alts: d?.alts ?? [],
                speedEvidence: seen?.evidence
                    ?? "assumed high speed: no lsusb -t, and lsusb -v shows no SuperSpeed (bcdUSB \(d?.bcdUSB ?? "not shown"))")
        }
        var hubs: [USBHub] = []
        for depth in 1..<max(1, e.ports.count) {
            let ports = Array(e.ports.prefix(depth))
            guard let h = entries.first(where: { $0.bus == bus && $0.ports == ports }) else { continue }
            let proto = devices.first { $0.bus == bus && $0.device == h.device }?.deviceProtocol
            hubs.append(USBHub(sysfsName: h.sysfsName, tt: e.speedMbps < 13 || proto != nil ? USBHub.tt(protocol: proto ?? 1) : .single))
        }
        return USBLink(
            sysfsName: e.sysfsName, bus: bus, devpath: e.devpath, speedMbps: e.speedMbps, hubs: hubs,
            controller: controllers[bus].map { USBController(driver: $0) }, alts: d?.alts ?? [],
            speedEvidence: "lsusb -t: \(formatFPS(e.speedMbps))M")
    }
}
