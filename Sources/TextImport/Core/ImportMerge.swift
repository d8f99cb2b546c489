import CaptureModel

/// Joins what several pasted files say into one device per physical camera or microphone.
///
/// Files are joined by what they share, strongest first: the bus path (`usb-0000:00:14.0-2`, which uvcvideo's
/// bus_info and snd-usb-audio's card name both carry), the USB port (a udevadm port path names the bus_info), the
/// sysfs path, VID:PID with the serial, the ALSA card id, and, only when nothing contradicts it and it is unique,
/// VID:PID alone or the product name (uvcvideo's card name, cut from it, counts as it: `UVCCardName`). Each merged
/// device records which file gave which fact (`Device.provenance`); where two files disagree the first is kept and
/// the disagreement becomes an `import-conflict` problem naming both files and lines.
package enum ImportMerge {
    /// The merged devices, in the order their first file named them, and a sentence per join.
    package struct Result: Sendable {
        package var devices: [Device]
        package var notes: [String]
    }

    /// Merges `results`; a device no other file describes is kept as it is.
    package static func merge(_ results: [TextImportResult]) -> Result {
        var merged: [MergedDevice] = []
        var notes: [String] = []
        for result in results {
            var claimed: Set<Int> = []
            for incoming in result.devices {
                let origin = MergedDevice.Origin(file: result.file, kind: result.kind.rawValue)
                if let (index, key) = match(
                    incoming.device, in: merged, among: result.devices, excluding: claimed, vendorFirst: incoming.nameStartsWithVendor)
                {
                    claimed.insert(index)
                    notes.append("\(result.file) describes '\(merged[index].device.name)' too (same \(key)); merged")
                    merged[index].absorb(incoming, from: origin)
                } else {
                    merged.append(MergedDevice(incoming, from: origin))
                    claimed.insert(merged.count - 1)
                }
            }
        }
        // Each USB camera's bus, from the texts that tell it (lsusb -v and -t, usb-devices, debugfs).
        let (devices, busNotes) = ImportUSBBus.attach(MergedDevice.finish(merged), results)
        return Result(devices: devices, notes: notes + busNotes)
    }

    /// The device `d` is the same as, and the key that says so.
    static func match(
        _ d: Device, in merged: [MergedDevice], among siblings: [ImportedDevice], excluding claimed: Set<Int>, vendorFirst: Bool = false
    ) -> (Int, String)? {
        let candidates = merged.indices.filter { !claimed.contains($0) }
        let a = d.identity
        for i in candidates {
            let b = merged[i].device.identity
            if !a.busInfo.isEmpty, a.busInfo == b.busInfo { return (i, "bus \(a.busInfo)") }
            if let p = a.physicalPath, p == b.physicalPath { return (i, "sysfs path \(p)") }
            if let port = samePort(a, b) { return (i, "USB port \(port)") }
            if let m = a.modelID, m == b.modelID, let s = a.serial, s == b.serial { return (i, "\(m) serial \(s)") }
            let ids = Set(d.audio.map(\.cardID).filter { !$0.isEmpty })
            if let shared = merged[i].device.audio.first(where: { ids.contains($0.cardID) }) {
                return (i, "ALSA card id \(shared.cardID)")
            }
        }
        // Weak keys: unique on both sides, and nothing stronger says otherwise.
        let open = candidates.filter { !contradicts(d, merged[$0].device) }
        if let m = a.modelID {
            let here = open.filter { merged[$0].device.identity.modelID == m }
            if here.count == 1, siblings.filter({ $0.device.identity.modelID == m }).count == 1 { return (here[0], "USB ID \(m)") }
        }
        let cards = Set(d.audio.map(\.card).filter { $0 >= 0 })
        let carded = open.filter { i in merged[i].device.audio.contains { cards.contains($0.card) } }
        if carded.count == 1 { return (carded[0], "ALSA card number \(cards.sorted().map(String.init).joined(separator: ", "))") }
        let name = normalized(d.name)
        guard !name.isEmpty else { return nil }
        let named = open.filter { merged[$0].names.contains { UVCCardName.same($0, name) } }
        if named.count == 1, siblings.filter({ normalized($0.device.name) == name }).count == 1 {
            return (named[0], "name '\(d.name)'")
        }
        guard vendorFirst else { return nil }
        // Plain lsusb's name is the vendor's, then the product's: another file's name for the device is its end, or
        // the card name uvcvideo made of it (`FHD Camera Microphone: FHD Came`).
        let words = d.name.split(separator: " ")
        let tails = (1..<max(words.count, 1)).map { words.suffix(words.count - $0).joined(separator: " ") }
        func product(_ i: Int) -> String? {
            tails.first { tail in merged[i].names.contains { UVCCardName.same($0, normalized(tail)) } }
        }
        let ends = open.filter { product($0) != nil }
        guard ends.count == 1, let product = product(ends[0]) else { return nil }
        let short = normalized(product)
        guard siblings.filter({ normalized($0.device.name).hasSuffix(" " + short) }).count == 1 else { return nil }
        let vendor = words.dropLast(product.split(separator: " ").count).joined(separator: " ")
        return (ends[0], "product name '\(product)', after the vendor's '\(vendor)'")
    }

    /// The USB port two devices share: one's bus_info (v4l2-ctl) is the bus_info of the other's port path (udevadm).
    static func samePort(_ a: DeviceIdentity, _ b: DeviceIdentity) -> String? {
        for (x, y) in [(a, b), (b, a)] where !x.busInfo.isEmpty {
            if let port = y.portPath, USBPortBusInfo.busInfo(portPath: port) == x.busInfo { return port }
        }
        return nil
    }

    /// Two devices cannot be one when a key both know differs.
    static func contradicts(_ a: Device, _ b: Device) -> Bool {
        let x = a.identity
        let y = b.identity
        if !x.busInfo.isEmpty, !y.busInfo.isEmpty, x.busInfo != y.busInfo { return true }
        for (u, v) in [(x, y), (y, x)] where !u.busInfo.isEmpty {
            if let port = v.portPath, let bus = USBPortBusInfo.busInfo(portPath: port), bus != u.busInfo { return true }
        }
        if let m = x.modelID, let n = y.modelID, m != n { return true }
        if let s = x.serial, let t = y.serial, s != t { return true }
        return false
    }

    static func normalized(_ name: String) -> String {
        String(name.lowercased().map { $0 == "_" ? " " : $0 }).split(separator: " ").joined(separator: " ")
    }
}
