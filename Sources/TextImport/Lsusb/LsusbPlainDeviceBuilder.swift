import CaptureModel

/// Turns plain `lsusb` lines into identity-only devices: vendor and product IDs, the name lsusb prints, and an id
/// made of the bus and device numbers. Whether a device captures at all is unknown, not absent: each says so in an
/// `.imported` problem, which the merge drops once another file gives the device's formats.
enum LsusbPlainDeviceBuilder {
    /// One device per line, Linux root hubs (`1d6b:*`) left out, with notes saying what plain lsusb cannot tell.
    static func build(_ lines: [LsusbTextDevice], file: String, notes: inout [String]) -> [ImportedDevice] {
        let hubs = lines.filter { $0.busLineID?.vendor == LsusbPlainListing.rootHubVendor }
        if !hubs.isEmpty {
            let which = hubs.map(\.label).joined(separator: ", ")
            notes.append("\(file): \(count(hubs.count, "Linux root hub")) left out (\(which)): never a camera")
        }
        let kept = lines.filter { $0.busLineID != nil && $0.busLineID?.vendor != LsusbPlainListing.rootHubVendor }
        guard !kept.isEmpty else { return [] }
        notes.append(
            "\(file): plain lsusb names \(count(kept.count, "device")) by USB ID, bus and device number only: it lists no "
                + "interfaces, so which are cameras or microphones, and what they capture, is unknown; each is kept as an "
                + "identity-only device. For a camera's formats, paste `lsusb -v -d VID:PID` or `v4l2-ctl --list-formats-ext` too")
        var byModel: [String: [LsusbTextDevice]] = [:]
        for d in kept { byModel[modelID(d), default: []].append(d) }
        for (model, same) in byModel.sorted(by: { $0.key < $1.key }) where same.count > 1 {
            notes.append(
                "\(file): \(same.map(\.label).joined(separator: " and ")) share the USB ID \(model) and have no serial in "
                    + "plain lsusb: other files cannot tell which is which, so neither is merged with them")
        }
        return kept.map(device)
    }

    /// `vvvv:pppp`.
    static func modelID(_ d: LsusbTextDevice) -> String {
        "\(d.busLineID?.vendor ?? "????"):\(d.busLineID?.product ?? "????")"
    }

    /// One line's device: identity only, its capabilities said to be unknown.
    static func device(_ d: LsusbTextDevice) -> ImportedDevice {
        let model = modelID(d)
        var provenance = ["identity.vendorID": d.line, "identity.productID": d.line]
        if d.busLineName != nil { provenance["name"] = d.line }
        let unknown = Problem(
            kind: .imported,
            message: "plain lsusb (line \(d.line)) lists no interfaces: whether this device is a camera or a microphone, "
                + "and what it captures, is unknown (not absent); paste `lsusb -v -d \(model)` or "
                + "`v4l2-ctl --list-formats-ext` for it")
        let id = DeviceID("usb-\(model)@bus\(d.bus ?? "?")-dev\(d.address ?? "?")")
        let identity = DeviceIdentity(vendorID: d.busLineID?.vendor, productID: d.busLineID?.product, busInfo: "", driver: "")
        let device = Device(
            id: id, name: d.busLineName ?? "USB device \(model)", modelID: model, transport: Transport(kind: .usb),
            identity: identity, nodes: [], captures: [], audio: [], problems: [unknown])
        var imported = ImportedDevice(device: device, provenance: provenance)
        imported.nameStartsWithVendor = d.busLineName != nil
        imported.unknownCapabilities = unknown
        return imported
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
