import CaptureModel

/// One `ImportedDevice` from the records of one physical device.
enum UdevadmTextDeviceBuilder {
    /// The device, its ID made as discovery makes it (see `id(…)`); `captures` stay empty.
    static func device(_ group: UdevadmTextGroup) -> ImportedDevice {
        let e = UdevadmTextEvidence(group: group)
        var provenance: [String: Int] = [:]
        let identity = UdevadmTextIdentity.identity(e, provenance: &provenance)
        let transport = self.transport(e, provenance: &provenance)
        let nodes = UdevadmTextNodes.nodes(group.records, provenance: &provenance)
        let audio = UdevadmTextNodes.audio(group.records, provenance: &provenance)
        var modelID: String?
        if let v = identity.vendorID, let p = identity.productID { modelID = "\(v):\(p)" }
        let device = Device(
            id: id(identity, transport: transport, modelID: modelID, group: group),
            name: name(e, identity, audio: audio, provenance: &provenance),
            modelID: modelID, transport: transport, identity: identity, nodes: nodes, captures: [], audio: audio,
            problems: group.records.sorted { $0.line < $1.line }.flatMap(\.problems))
        return ImportedDevice(device: device, provenance: provenance)
    }

    /// USB (with `ATTRS{speed}`) when the devpath, `ID_BUS` or a walk's `SUBSYSTEMS` says so; else the bus of the
    /// nearest physical parent of a walk, the devpath's, or `ID_BUS`'s; `.unknown` when nothing says.
    static func transport(_ e: UdevadmTextEvidence, provenance: inout [String: Int]) -> Transport {
        let devpathLine = e.group.records.lazy.compactMap { $0.devpath?.line ?? $0.parents.first?.devpath?.line }.first
        let bus = e.property("ID_BUS")
        var kind: TransportKind = .unknown
        var line: Int?
        if e.group.devpath?.kind == .usb, let devpathLine {
            (kind, line) = (.usb, devpathLine)
        } else if bus?.text == "usb" {
            (kind, line) = (.usb, bus?.line)
        } else if let s = e.parentSubsystem(in: ["usb", "pci", "platform", "i2c", "spi", "virtio", "sdio"]) {
            (kind, line) = (TransportKind(rawValue: s.text), s.line)
        } else if let k = e.group.devpath?.kind, let devpathLine {
            (kind, line) = (k, devpathLine)
        } else if let bus {
            (kind, line) = (TransportKind(rawValue: bus.text), bus.line)
        }
        if let line { provenance["transport"] = line }
        guard kind == .usb, let speed = e.attribute("speed"), let mbps = Double(speed.text) else { return Transport(kind: kind) }
        provenance["transport"] = speed.line
        return Transport(kind: kind, speedMbps: mbps)
    }

    /// The video node's name (`ID_V4L_PRODUCT`, `ATTR{name}`), the USB product string, `ID_MODEL` with `_` as
    /// spaces, the sound card's ID; "Unknown camera" when the text names none.
    static func name(
        _ e: UdevadmTextEvidence, _ identity: DeviceIdentity, audio: [AudioCaptureCard], provenance: inout [String: Int]
    ) -> String {
        var candidates: [UdevadmTextValue?] = [e.video?.properties["ID_V4L_PRODUCT"], e.video?.device.attributes["name"]]
        if let p = identity.product, let line = provenance["identity.product"] { candidates.append(UdevadmTextValue(text: p, line: line)) }
        if let m = e.property("ID_MODEL"), m.text.lowercased() != identity.productID?.lowercased() {
            candidates.append(UdevadmTextValue(text: m.text.replacing("_", with: " "), line: m.line))
        }
        if let card = audio.first(where: { !$0.cardID.isEmpty }), let line = provenance["audio"] {
            candidates.append(UdevadmTextValue(text: card.cardID, line: line))
        }
        for case let c? in candidates where !c.text.isEmpty {
            provenance["name"] = c.line
            return c.text
        }
        return "Unknown camera"
    }

    /// As discovery: `usb-VID:PID-SERIAL`, `usb-VID:PID@PORTPATH` (or `@ID_PATH`), a PCI or platform device's port
    /// path (`platform-fe801000.csi`); else `imported-` and the physical device's or node's name.
    static func id(_ identity: DeviceIdentity, transport: Transport, modelID: String?, group: UdevadmTextGroup) -> DeviceID {
        if transport.kind == .usb, let modelID {
            if let serial = identity.serial, !serial.isEmpty { return DeviceID("usb-\(modelID)-\(sanitized(serial))") }
            if let port = identity.portPath ?? identity.udevIDPath { return DeviceID("usb-\(modelID)@\(port)") }
        }
        if let port = identity.portPath, port.hasPrefix(transport.kind.rawValue + "-") { return DeviceID(sanitized(port)) }
        let last = group.key.split(separator: "/").last.map(String.init) ?? group.key
        return DeviceID("imported-" + sanitized(last))
    }

    static func sanitized(_ s: String) -> String {
        String(s.map { c -> Character in (c.isLetter || c.isNumber || "-_.:".contains(c)) && c.isASCII ? c : "_" })
    }
}

extension UdevadmTextDeviceBuilder {
    /// A USB device's records alone: its identity, and a problem saying that whether it captures is unknown (not
    /// absent), which the merge drops once another file gives its captures.
    static func identityOnly(_ imported: ImportedDevice, line: Int) -> ImportedDevice {
        var d = imported
        let model = d.device.modelID ?? "VID:PID"
        let unknown = Problem(
            kind: .imported,
            message: "udevadm (line \(line)) describes the USB device, not its video or sound nodes: whether it is a camera "
                + "or a microphone, and what it captures, is unknown (not absent); paste `udevadm info /dev/video0` or "
                + "`v4l2-ctl --list-formats-ext` for it (lsusb -d \(model))")
        d.device.problems.append(unknown)
        d.unknownCapabilities = unknown
        return d
    }
}
