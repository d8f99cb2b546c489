import CaptureModel

/// Turns v4l2-ctl's text — what users paste into bug reports — into the
/// capture model, so it can be asked the same questions as a live device.
///
/// Understands `--list-formats-ext` (old "Index/Type/Pixel Format" and new
/// "[0]: 'MJPG'" layouts), `--list-ctrls`, `--list-ctrls-menus`, `-L` (with or
/// without class headers and hex IDs, old and new control names), `--all`,
/// `-D`, `--info` and `--list-devices`. Files whose names contain `videoN`
/// describe that node; the others describe the first capture node.
package enum V4L2CtlImporter {
    /// Pasted text is first undone from what forums, mail and chat do to it (`PasteNormalizer`).
    ///
    /// - Parameters:
    ///   - inputs: (name shown in errors, text) per file; together they describe one device.
    ///   - partial: on malformed or truncated lines keep going (each skipped line becomes a
    ///     `Problem`) instead of failing.
    package static func importText(_ inputs: [(name: String, text: String)], partial: Bool = false) throws(TextImportError)
        -> V4L2CtlImportResult
    {
        var drafts: [NodeDraft] = []
        var devices: [(title: String, busInfo: String?, nodes: [String])] = []
        var recognized: [String] = []
        var notes: [String] = []
        for input in inputs {
            try TextImportLimits.check(input.name, input.text, saying: "not v4l2-ctl output")
            var p = V4L2CtlTextParser(file: input.name, partial: partial)
            try p.parse(WrappedControlLines.rejoin(PasteNormalizer.normalize(input.text, commands: .blank)))
            devices += p.devices
            for r in p.recognized where !recognized.contains(r) { recognized.append(r) }
            notes += p.notes
            if p.draft.hasAnything {
                if let i = drafts.firstIndex(where: { $0.hint == p.draft.hint }) {
                    drafts[i].merge(p.draft)
                } else {
                    drafts.append(p.draft)
                }
            }
        }
        return assemble(drafts: drafts, devices: devices, recognized: recognized, notes: notes)
    }

    static func assemble(
        drafts: [NodeDraft], devices: [(title: String, busInfo: String?, nodes: [String])],
        recognized: [String], notes initial: [String]
    ) -> V4L2CtlImportResult {
        var notes = initial
        // --list-devices lists every camera: the one described is the group with the
        // same bus info, or holding a node a file names, or else the first.
        let knownBus = drafts.lazy.compactMap(\.busInfo).first
        let hinted = Set(drafts.compactMap { $0.hint.map { "/dev/" + $0 } })
        let group = devices.first { $0.busInfo == knownBus } ?? devices.first { !hinted.isDisjoint(with: $0.nodes) } ?? devices.first
        if devices.count > 1, let g = group { notes.append("--list-devices lists \(devices.count) devices; this profile is '\(g.title)'") }
        let listed = group?.nodes ?? []
        let listedVideo = listed.filter { $0.hasPrefix("/dev/video") }
        // Drafts become nodes: paths from their videoN hint, else the listed capture node.
        var nodes: [DeviceNode] = []
        var captures: [CaptureNodeCapabilities] = []
        var problems: [Problem] = []
        let busInfo = drafts.lazy.compactMap(\.busInfo).first ?? group?.busInfo ?? ""
        let name = drafts.lazy.compactMap(\.card).first ?? group?.title ?? "Imported camera"
        let driver = drafts.lazy.compactMap(\.driver).first ?? ""
        var usedPaths: Set<String> = []
        for d in drafts.sorted(by: { ($0.hint == nil ? 0 : 1) < ($1.hint == nil ? 0 : 1) }) {
            var path: String
            if let h = d.hint {
                path = "/dev/" + h
            } else if let first = listedVideo.first(where: { !usedPaths.contains($0) }) {
                path = first
            } else {
                path = "/dev/video0"
                notes.append("the text does not say which node it describes; assumed /dev/video0")
            }
            if usedPaths.contains(path) { path += "#\(usedPaths.count)" }
            usedPaths.insert(path)
            problems += d.problems
            if d.isMetadataOnly {
                nodes.append(DeviceNode(role: "metadata", path: path, deviceCaps: d.deviceCaps.map(CapabilityFlags.init(rawValue:))))
                continue
            }
            let caps = CapabilityFlags(rawValue: d.deviceCaps ?? d.capabilities ?? 0x0420_0001)
            if d.deviceCaps == nil { notes.append("\(path): no device caps in the text; assumed a video capture node") }
            let identity = NodeIdentity(
                driver: d.driver ?? driver, card: d.card ?? name, busInfo: d.busInfo ?? busInfo, version: d.version ?? "",
                capabilities: CapabilityFlags(rawValue: d.capabilities ?? caps.rawValue), deviceCaps: caps)
            let inputs = d.currentInput.map { [VideoInput(index: $0, name: d.inputName ?? "Input \($0)", type: "camera", status: 0)] } ?? []
            let params = d.frameInterval.map { StreamingParameters(supportsFrameInterval: d.supportsFrameInterval, frameInterval: $0) }
            var capture = CaptureNodeCapabilities(
                path: path, identity: identity, inputs: inputs, currentInput: d.currentInput, formats: d.formats,
                controls: d.controls.isEmpty ? nil : d.controls, activeFormat: d.activeFormat,
                streamingParameters: params)
            capture.problems = DuplicateCheck.problems(in: d.formats, path: path)
            capture.imported = true
            nodes.append(DeviceNode(role: "capture", path: path, deviceCaps: caps))
            captures.append(capture)
        }
        for p in listed where !usedPaths.contains(p) {
            nodes.append(DeviceNode(role: p.hasPrefix("/dev/media") ? "media" : "unknown", path: p))
        }
        // Controls printed in their own file belong to the camera's first capture node.
        if captures.count > 1, let i = captures.firstIndex(where: { $0.controls != nil && $0.formats.isEmpty }), i != 0 {
            if captures[0].controls == nil { captures[0].controls = captures[i].controls }
            captures[i].controls = nil
            if captures[i].formats.isEmpty && captures[i].activeFormat == nil {
                nodes.removeAll { $0.path == captures[i].path }
                captures.remove(at: i)
            }
        }
        if recognized.contains("formats") && !recognized.contains("controls") {
            notes.append("no controls in the text (add the output of --list-ctrls-menus)")
        }
        if recognized.contains("controls") && !recognized.contains("formats") {
            notes.append("no formats in the text (add the output of --list-formats-ext)")
        }
        if recognized.contains("formats") {
            notes.append(
                "frame intervals were rebuilt from v4l2-ctl's rounded text (30.000 fps → 1/30, 29.970 fps → 1001/30000); a driver's own fractions (uvcvideo: 100 ns units) may differ in the last digit"
            )
        }
        if recognized.contains("controls") {
            notes.append("control names are v4l2-ctl's identifiers; the driver's own names are not in the text")
        }
        notes.append("not in v4l2-ctl's text: USB vendor/product ID, serial (unless --all printed the media serial), port and link speed")
        let serial = drafts.lazy.compactMap(\.serial).first
        let sanitized = String(busInfo.map { c -> Character in (c.isLetter || c.isNumber || "-.".contains(c)) && c.isASCII ? c : "_" })
        let id = DeviceID("imported-" + (sanitized.isEmpty ? "unknown" : sanitized))
        let identity = DeviceIdentity(serial: serial, product: name, busInfo: busInfo, driver: driver)
        let kind: TransportKind =
            busInfo.hasPrefix("usb") ? .usb : busInfo.hasPrefix("platform") ? .platform : busInfo.hasPrefix("PCI") ? .pci : .unknown
        let device = Device(
            id: id, name: name, modelID: nil, transport: Transport(kind: kind), identity: identity,
            nodes: nodes, captures: captures, problems: problems)
        return V4L2CtlImportResult(device: device, notes: notes, recognized: recognized)
    }
}

/// Duplicate sizes and intervals, flagged as live enumeration flags them.
enum DuplicateCheck {
    static func problems(in formats: [PixelFormat], path: String) -> [Problem] {
        var out: [Problem] = []
        for f in formats {
            var seen: Set<FrameSize> = []
            for s in f.sizes where !seen.insert(s).inserted {
                out.append(
                    Problem(
                        kind: "duplicate", call: "VIDIOC_ENUM_FRAMESIZES", message: "\(path): \(f.fourcc) lists \(s.largest) more than once"
                    ))
            }
            for s in f.sizes {
                guard case .discrete(let d, .discrete(let list)) = s else { continue }
                if Set(list).count != list.count {
                    out.append(
                        Problem(
                            kind: "duplicate", call: "VIDIOC_ENUM_FRAMEINTERVALS",
                            message: "\(path): \(f.fourcc) \(d) lists an interval more than once"))
                }
            }
        }
        return out
    }
}
