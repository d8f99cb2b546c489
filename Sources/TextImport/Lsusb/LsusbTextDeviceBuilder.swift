import CaptureModel

/// Turns one device read from `lsusb -v` into camprobe's model, with its notes and provenance.
enum LsusbTextDeviceBuilder {
    /// The device, or nil (and a note) when it has no video and no audio interface.
    static func build(_ d: LsusbTextDevice, notes: inout [String]) -> ImportedDevice? {
        let label = d.label
        func note(_ s: String) { notes.append("\(label): \(s)") }
        guard d.hasVideo || d.hasAudio else {
            note("no video or audio interface (\(d.busLineName ?? d.product?.text ?? "unnamed")); not imported")
            return nil
        }
        var provenance: [String: Int] = [:]
        var problems = d.problems
        let vendor = d.vendorID?.id ?? d.busLineID?.vendor
        let product = d.productID?.id ?? d.busLineID?.product
        if let l = d.vendorID?.line ?? (vendor != nil ? d.line : nil) { provenance["identity.vendorID"] = l }
        if let l = d.productID?.line ?? (product != nil ? d.line : nil) { provenance["identity.productID"] = l }
        let modelID = vendor.flatMap { v in product.map { "\(v):\($0)" } }

        if d.couldNotOpen {
            note("lsusb could not open the device (not run as root): its strings (product, serial) are missing")
        }
        let manufacturer = string(d.manufacturer, database: d.vendorID.map { ($0.databaseName, $0.line) }, what: "manufacturer", note: note)
        if let m = manufacturer { provenance["identity.manufacturer"] = m.line }
        let productName = string(d.product, database: d.productID.map { ($0.databaseName, $0.line) }, what: "product", note: note)
        if let p = productName { provenance["identity.product"] = p.line }
        var serial: String?
        if let s = d.serial, s.index != 0 {
            if s.text.isEmpty {
                note("the device has a serial number (iSerial \(s.index)) but lsusb did not show it")
            } else {
                serial = s.text
                provenance["identity.serial"] = s.line
            }
        }

        let name: String
        if let p = d.product, p.index != 0, !p.text.isEmpty {
            name = p.text
            provenance["name"] = p.line
        } else if let b = d.busLineName {
            name = b
            provenance["name"] = d.line
        } else if let p = productName {
            name = p.text
            provenance["name"] = p.line
        } else {
            name = "USB device " + (modelID ?? "")
            note("the text names no product; named it '\(name)'")
        }

        let ids = modelID ?? "unknown"
        let id: DeviceID
        if let s = serial {
            id = DeviceID("usb-\(ids)-\(s)")
        } else if let b = d.bus, let a = d.address {
            id = DeviceID("usb-\(ids)@bus\(b)-dev\(a)")
            note("no serial number: the id uses the bus and device number, which change when it is replugged")
        } else {
            id = DeviceID("usb-\(ids)")
            note("no serial number and no Bus line: the id is the vendor and product ID alone")
        }
        if let bcd = d.bcdUSB {
            note(
                "bcdUSB \(bcd) is the USB version the device declares, not its link speed (it can run slower); no speed is recorded"
            )
        }

        var captures: [CaptureNodeCapabilities] = []
        var nodes: [DeviceNode] = []
        for (i, s) in d.streams.enumerated() {
            let path = i == 0 ? "/dev/video0" : "/dev/video0#\(i)"
            if i == 0 { provenance["captures"] = s.line }
            note("lsusb does not say which node uvcvideo creates; assumed \(path) (the driver is assumed to be uvcvideo)")
            let caps = CapabilityFlags(rawValue: 0x0420_0001)
            let identity = NodeIdentity(driver: "uvcvideo", card: name, busInfo: "", version: "", capabilities: caps, deviceCaps: caps)
            var nodeProblems: [Problem] = []
            let formats = s.pixelFormats(problems: &nodeProblems)
            captures.append(
                CaptureNodeCapabilities(path: path, identity: identity, formats: formats, controls: nil, problems: nodeProblems))
            nodes.append(DeviceNode(role: .capture, path: path, deviceCaps: caps))
        }
        if d.hasVideo && d.streams.isEmpty { note("a video interface without format descriptors") }
        if !d.streams.isEmpty {
            note("frame intervals are the descriptors' own, in 100 ns units (333333 → 333333/10000000 s)")
        }

        if let first = d.declaredControls.first {
            provenance["controls"] = first.line
            let described = d.declaredControls.map { UVCDescriptorControlNames.describe($0.name) }
            let message = "the descriptor declares these controls (no ranges or values in lsusb): " + described.joined(separator: "; ")
            problems.append(Problem(kind: .imported, message: message))
            for unit in ["camera terminal", "processing unit"] {
                let names = d.declaredControls.filter { $0.unit == unit }.map(\.name)
                if !names.isEmpty { note("the \(unit) declares: " + names.joined(separator: ", ")) }
            }
        }
        for x in d.extensionUnits {
            note("extension unit \(x.guid) (line \(x.line)): vendor controls, not described by lsusb")
        }

        var audio: [AudioCaptureCard] = []
        if d.hasAudio {
            if let card = LsusbTextAudio.card(name: name, settings: d.audioSettings) {
                audio = [card]
                provenance["audio"] = d.audioSettings.first { $0.hasFormat && $0.isInput != false }?.line ?? d.audioLine
                note("the audio interface's ALSA card number, id and PCM device are not in lsusb; written as -1 and \"\"")
                if card.pcms.first?.rates.isEmpty ?? true {
                    note("no sample rates in the text (USB Audio 2.0 gives them through its clock, not its descriptors)")
                }
            } else {
                note("an audio interface without a capture format (a speaker, or control only)")
            }
        }
        let identity = DeviceIdentity(
            vendorID: vendor, productID: product, serial: serial, manufacturer: manufacturer?.text, product: productName?.text,
            busInfo: "", driver: "")
        let device = Device(
            id: id, name: name, modelID: modelID, transport: Transport(kind: .usb), identity: identity, nodes: nodes,
            captures: captures, audio: audio, problems: problems)
        return ImportedDevice(device: device, provenance: provenance)
    }

    /// A string descriptor's text, else the name lsusb's ID database gives (with a note).
    static func string(
        _ s: (index: UInt64, text: String, line: Int)?, database: (String, Int)?, what: String, note: (String) -> Void
    ) -> (text: String, line: Int)? {
        if let s, s.index != 0, !s.text.isEmpty { return (s.text, s.line) }
        guard let db = database, !db.0.isEmpty else { return nil }
        note("the device gives no \(what) string; '\(db.0)' is from lsusb's ID database")
        return (db.0, db.1)
    }
}
