import CaptureModel

/// One device being merged from several files: the device so far, which file gave each fact, and the names every
/// file called it by.
struct MergedDevice {
    struct Origin {
        var file: String
        var kind: String
        func at(_ line: Int?) -> String { line.map { $0 > 0 ? "\(file):\($0)" : file } ?? file }
    }

    var device: Device
    var sources: [ImportSource] = []
    /// fact → the file and line that gave the kept value.
    var origins: [String: (origin: Origin, line: Int)] = [:]
    /// Every name a file gave this device, normalised (`ImportMerge.normalized`).
    var names: Set<String> = []
    /// Problems saying a file could not tell what the device captures (`ImportedDevice.unknownCapabilities`).
    var unknown: [Problem] = []

    init(_ first: ImportedDevice, from origin: Origin) {
        device = first.device
        record(first, from: origin)
    }

    private mutating func record(_ d: ImportedDevice, from origin: Origin) {
        names.insert(ImportMerge.normalized(d.device.name))
        if let p = d.device.identity.product { names.insert(ImportMerge.normalized(p)) }
        names.formUnion(d.device.audio.map { ImportMerge.normalized($0.name) })
        if let p = d.unknownCapabilities { unknown.append(p) }
        for (fact, line) in d.provenance where origins[fact] == nil { origins[fact] = (origin, line) }
        let facts = d.provenance.map { FactOrigin(fact: $0.key, line: $0.value) }.sorted { ($0.fact, $0.line) < ($1.fact, $1.line) }
        sources.append(ImportSource(file: origin.file, kind: origin.kind, facts: facts))
    }

    /// Takes what `d` knows that the device does not; where both know a fact and differ, keeps the first and says so.
    mutating func absorb(_ d: ImportedDevice, from origin: Origin) {
        let new = d.device
        func keep<T: Equatable & CustomStringConvertible>(_ fact: String, _ path: WritableKeyPath<Device, T?>) {
            guard let theirs = new[keyPath: path] else { return }
            guard let ours = device[keyPath: path] else {
                device[keyPath: path] = theirs
                return
            }
            if ours != theirs { conflict(fact, ours.description, theirs.description, d, origin) }
        }
        keep("identity.vendorID", \.identity.vendorID)
        keep("identity.productID", \.identity.productID)
        keep("identity.serial", \.identity.serial)
        keep("identity.portPath", \.identity.portPath)
        keep("identity.udevIDPath", \.identity.udevIDPath)
        keep("identity.physicalPath", \.identity.physicalPath)
        keep("transport.speedMbps", \.transport.speedMbps)
        // Names differ between tools by design (udev's ID_MODEL, the card name, the USB string): filled, never a conflict.
        if device.identity.manufacturer == nil { device.identity.manufacturer = new.identity.manufacturer }
        if let theirs = new.identity.product, device.identity.product.map({ $0 != theirs && UVCCardName.isCard($0, of: theirs) }) ?? true {
            // The USB product string (udevadm, lsusb) over the card name uvcvideo cut from it (v4l2-ctl).
            device.identity.product = theirs
        }
        if device.name.isEmpty || device.name == "Imported camera" { device.name = new.name }
        if device.identity.busInfo.isEmpty {
            device.identity.busInfo = new.identity.busInfo
        } else if !new.identity.busInfo.isEmpty, new.identity.busInfo != device.identity.busInfo {
            conflict("identity.busInfo", device.identity.busInfo, new.identity.busInfo, d, origin)
        }
        // An ALSA card's driver (snd-usb-audio) is not the camera's: only an empty driver is filled.
        if device.identity.driver.isEmpty { device.identity.driver = new.identity.driver }
        for link in new.identity.byID where !device.identity.byID.contains(link) { device.identity.byID.append(link) }
        for link in new.identity.byPath where !device.identity.byPath.contains(link) { device.identity.byPath.append(link) }
        if ["unknown", "virtual"].contains(device.transport.kind.rawValue), !["unknown", "virtual"].contains(new.transport.kind.rawValue) {
            device.transport.kind = new.transport.kind
        }
        device.transport = Transport(kind: device.transport.kind, speedMbps: device.transport.speedMbps)
        mergeNodes(new.nodes)
        mergeCaptures(new, d, origin)
        mergeAudio(new.audio)
        if let s = new.sensor, device.sensor == nil { device.sensor = s }
        for p in new.problems where !device.problems.contains(p) { device.problems.append(p) }
        record(d, from: origin)
    }

    private mutating func mergeNodes(_ nodes: [DeviceNode]) {
        for n in nodes {
            if let i = device.nodes.firstIndex(where: { $0.path == n.path }) {
                if ["other", "unknown"].contains(device.nodes[i].role.rawValue) { device.nodes[i].role = n.role }
                if device.nodes[i].deviceCaps == nil { device.nodes[i].deviceCaps = n.deviceCaps }
            } else {
                device.nodes.append(n)
            }
        }
    }

    /// The driver's listing (v4l2-ctl) is kept over a descriptor's (lsusb); formats that differ are a conflict.
    private mutating func mergeCaptures(_ new: Device, _ d: ImportedDevice, _ origin: Origin) {
        guard !new.captures.isEmpty else { return }
        guard !device.captures.isEmpty else {
            device.captures = new.captures
            return
        }
        let ours = device.captures.flatMap(\.formats).map(\.fourcc.description)
        let theirs = new.captures.flatMap(\.formats).map(\.fourcc.description)
        if Set(ours) != Set(theirs) {
            conflict("captures", ours.joined(separator: ", "), theirs.joined(separator: ", "), d, origin)
        }
    }

    /// Cards are the same when their ALSA id or number matches, or when one side does not know either (lsusb).
    private mutating func mergeAudio(_ cards: [AudioCaptureCard]) {
        for c in cards {
            let same = device.audio.firstIndex {
                (!c.cardID.isEmpty && $0.cardID == c.cardID) || (c.card >= 0 && $0.card == c.card)
                    || ((c.card < 0 && c.cardID.isEmpty) || ($0.card < 0 && $0.cardID.isEmpty)) && device.audio.count == 1
            }
            guard let i = same else {
                device.audio.append(c)
                continue
            }
            var a = device.audio[i]
            if a.card < 0 { a.card = c.card }
            if a.cardID.isEmpty { a.cardID = c.cardID }
            if a.name.isEmpty { a.name = c.name }
            if a.longName.isEmpty { a.longName = c.longName }
            if a.driver.isEmpty { a.driver = c.driver }
            if a.controlPath.isEmpty { a.controlPath = c.controlPath }
            for p in c.pcms {
                // A PCM whose number the text does not know (lsusb) is the card's only one, when it has one.
                let j0 = a.pcms.firstIndex { $0.device == p.device || (p.device < 0 || $0.device < 0) && a.pcms.count == 1 }
                guard let j = j0 else {
                    a.pcms.append(p)
                    continue
                }
                var q = a.pcms[j]
                if q.device < 0 { q.device = p.device }
                if q.alsaName.isEmpty { q.alsaName = p.alsaName }
                if q.name.isEmpty { q.name = p.name }
                if q.subdevices == 0 { q.subdevices = p.subdevices }
                if q.formats.isEmpty { q.formats = p.formats }
                if q.rates.isEmpty { q.rates = p.rates }
                q.minChannels = q.minChannels ?? p.minChannels
                q.maxChannels = q.maxChannels ?? p.maxChannels
                q.minRate = q.minRate ?? p.minRate
                q.maxRate = q.maxRate ?? p.maxRate
                a.pcms[j] = q
            }
            for p in c.problems where !a.problems.contains(p) { a.problems.append(p) }
            device.audio[i] = a
        }
    }

    private mutating func conflict(_ fact: String, _ ours: String, _ theirs: String, _ d: ImportedDevice, _ origin: Origin) {
        let kept = origins[fact].map { $0.origin.at($0.line) } ?? "an earlier file"
        device.problems.append(
            Problem(
                kind: .importConflict,
                message: "\(fact): \(kept) says '\(ours)', \(origin.at(d.provenance[fact])) says '\(theirs)'; kept '\(ours)'"))
    }

    /// The devices with provenance, model IDs and stable IDs where the merged facts allow them, made unique.
    static func finish(_ merged: [MergedDevice]) -> [Device] {
        var out: [Device] = []
        var used: [String: Int] = [:]
        for m in merged {
            var d = m.device
            d.provenance = ImportProvenance(sources: m.sources)
            if !d.captures.isEmpty { d.problems.removeAll { m.unknown.contains($0) } }
            if d.modelID == nil { d.modelID = d.identity.modelID }
            if d.id.rawValue.hasPrefix("imported-"), d.transport.kind == .usb, d.identity.modelID != nil {
                d.id = DeviceID(d.identity.baseID(transport: d.transport))
            }
            let n = used[d.id.rawValue, default: 0]
            used[d.id.rawValue] = n + 1
            if n > 0 { d.id = DeviceID(d.id.rawValue + "#\(n + 1)") }
            out.append(d)
        }
        return out
    }
}
