import CaptureModel

/// Attaches to each merged USB camera the bus the pasted texts describe (`Device.usb`): `lsusb -v` (streaming
/// settings, hub TT kinds) read with `lsusb -t` (ports, speeds, controller drivers) through `LsusbBus.cameras`, and
/// `usb-devices` / debugfs listings (`USBDevicesText`). A camera is matched by its USB ID; when several share it, by
/// the serial, else by the bus and device number its id carries (`usb-VID:PID@bus001-dev004`). A camera that cannot be
/// told apart gets none, and a note says why (unknown, not absent).
package enum ImportUSBBus {
    /// One camera of the texts: its IDs, serial (when the text has it), bus and device numbers, and bus model.
    struct Found {
        var vendorID: UInt16
        var productID: UInt16
        var serial: String?
        var bus: Int
        var device: Int
        var usb: DeviceUSB
    }

    /// `devices` with `usb` set where the texts of `results` place them, and a note per camera left without.
    package static func attach(_ devices: [Device], _ results: [TextImportResult]) -> (devices: [Device], notes: [String]) {
        var found = cameras(results)
        guard !found.isEmpty else { return (devices, []) }
        var out = devices
        var notes: [String] = []
        for i in out.indices where out[i].transport.kind == .usb && out[i].usb == nil {
            let id = out[i].identity
            guard let v = id.vendorID.flatMap({ UInt16($0, radix: 16) }), let p = id.productID.flatMap({ UInt16($0, radix: 16) }) else {
                continue
            }
            let same = found.indices.filter { found[$0].vendorID == v && found[$0].productID == p }
            guard !same.isEmpty else { continue }
            let twins = out.filter {
                $0.identity.vendorID?.lowercased() == id.vendorID?.lowercased()
                    && $0.identity.productID?.lowercased() == id.productID?.lowercased()
            }
            var pick: Int?
            if same.count == 1 && twins.count == 1 {
                pick = same[0]
            } else if let s = id.serial, !s.isEmpty, let j = same.first(where: { found[$0].serial == s }) {
                pick = j
            } else if let (bus, dev) = busAndDevice(out[i].id.rawValue),
                let j = same.first(where: { found[$0].bus == bus && found[$0].device == dev })
            {
                pick = j
            }
            guard let j = pick else {
                notes.append(
                    "\(out[i].name) (\(out[i].id)): \(same.count) cameras with USB ID \(hex4(v)):\(hex4(p)) in the bus texts and none "
                        + "named by its serial or bus and device number: its bus is not known")
                continue
            }
            out[i].usb = found[j].usb
            found.remove(at: j)
        }
        return (out, notes)
    }

    /// `usb-046d:0826@bus001-dev004` → (1, 4).
    static func busAndDevice(_ id: String) -> (Int, Int)? {
        guard let at = id.lastIndex(of: "@") else { return nil }
        let rest = id[id.index(after: at)...]
        guard rest.hasPrefix("bus") else { return nil }
        let parts = rest.dropFirst(3).split(separator: "-", maxSplits: 1)
        guard parts.count == 2, parts[1].hasPrefix("dev"), let bus = Int(parts[0]),
            let dev = Int(parts[1].dropFirst(3).prefix { $0.isNumber })
        else { return nil }
        return (bus, dev)
    }

    /// Every camera the texts place: lsusb's first (its settings are complete), then usb-devices' and debugfs's for
    /// cameras lsusb does not name (by bus and device number).
    static func cameras(_ results: [TextImportResult]) -> [Found] {
        let verbose = results.filter { $0.kind == .lsusb }.compactMap(\.busText).filter { $0.contains("Device Descriptor:") }
        let tree = results.filter { $0.kind == .lsusbTree }.compactMap(\.busText)
        var out: [Found] = []
        if !verbose.isEmpty || !tree.isEmpty {
            let source = (verbose.isEmpty ? [] : ["lsusb -v"]) + (tree.isEmpty ? [] : ["lsusb -t"])
            let v = verbose.isEmpty ? nil : verbose.joined(separator: "\n")
            let facts = v.map(lsusbDeviceFacts) ?? [:]
            for c in LsusbBus.cameras(verbose: v, tree: tree.isEmpty ? nil : tree.joined(separator: "\n")) {
                let key = "\(c.link.bus):\(c.device)"
                out.append(
                    Found(
                        vendorID: c.vendorID, productID: c.productID, serial: facts[key]?.serial, bus: c.link.bus, device: c.device,
                        usb: DeviceUSB(source: source.joined(separator: "+"), link: c.link, firmware: facts[key]?.firmware)))
            }
        }
        for r in results where r.kind == .usbDevices {
            guard let text = r.busText else { continue }
            let listing = USBDevicesText.read(text, file: r.file)
            for c in USBDevicesText.cameras(listing) {
                let d = c.device
                let name = listing.allSettings ? "debugfs" : "usb-devices"
                if let j = out.firstIndex(where: { $0.bus == d.bus && $0.device == d.device && $0.vendorID == d.vendorID }) {
                    // lsusb -v without -t assumed the place: this text knows it (and the controller); lsusb's settings stay.
                    if tree.isEmpty {
                        var link = c.link
                        if !out[j].usb.link.alts.isEmpty { link.alts = out[j].usb.link.alts }
                        out[j].usb = DeviceUSB(
                            source: out[j].usb.source + "+" + name, link: link,
                            firmware: out[j].usb.firmware ?? d.revision.flatMap(firmware))
                    }
                    continue
                }
                out.append(
                    Found(
                        vendorID: d.vendorID, productID: d.productID, serial: d.serial, bus: d.bus, device: d.device,
                        usb: DeviceUSB(
                            source: name, link: c.link,
                            firmware: d.revision.flatMap(firmware))))
            }
        }
        return out
    }

    /// `Rev=00.10` → `0.10`.
    static func firmware(_ rev: String) -> String? {
        let parts = rev.split(separator: ".")
        guard parts.count == 2 else { return nil }
        let major = parts[0].drop { $0 == "0" }
        return (major.isEmpty ? "0" : String(major)) + "." + parts[1]
    }

    /// `iSerial` and `bcdDevice` (firmware, as lsusb prints it: `0.10`) of each `Bus NNN Device NNN:` block of
    /// `lsusb -v`, by "bus:device".
    static func lsusbDeviceFacts(_ text: String) -> [String: (serial: String?, firmware: String?)] {
        var out: [String: (serial: String?, firmware: String?)] = [:]
        var key: String?
        for raw in text.split(separator: "\n") {
            let line = raw.drop { $0 == " " }
            if line.hasPrefix("Bus ") {
                let w = line.split(separator: " ")
                if w.count >= 4, let b = Int(w[1]), let d = Int(w[3].prefix { $0.isNumber }) { key = "\(b):\(d)" }
            } else if let k = key, line.hasPrefix("iSerial") {
                let w = line.split(separator: " ", maxSplits: 2)
                if w.count == 3 { out[k, default: (nil, nil)].serial = String(w[2]) }
            } else if let k = key, line.hasPrefix("bcdDevice") {
                let w = line.split(separator: " ")
                if w.count >= 2, w[1].contains("."), w[1].allSatisfy({ $0.isHexDigit || $0 == "." }) {
                    out[k, default: (nil, nil)].firmware = String(w[1])
                }
            }
        }
        return out
    }
}
