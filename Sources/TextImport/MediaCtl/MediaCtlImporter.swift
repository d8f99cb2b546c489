import CaptureModel
import SensorPipelines

/// Turns a media-controller system's pasted text — `media-ctl -p`, v4l2-ctl
/// subdevice listings (`--list-subdev-mbus-codes`, `--list-subdev-framesizes`,
/// `--list-subdev-frameintervals`), subdevice controls (`-L`) and capture nodes'
/// `--all` / `--list-formats-ext` — into one `Device` per sensor, built by
/// `SensorCameraBuilder` as discovery builds them. What the text does not say
/// stays unknown and is said as a problem.
package enum MediaCtlImporter {
    /// Pasted text is first undone from what forums, mail and chat do to it (`PasteNormalizer`);
    /// its command lines are kept, written `$ command`, to split it.
    ///
    /// - Parameter inputs: (name shown in errors, text) per file; together they describe one media device.
    package static func importText(_ inputs: [(name: String, text: String)]) throws(TextImportError) -> MediaCtlImportResult {
        var topology: (text: MediaCtlTopologyText, file: String, path: String?)?
        var listings: [SubdevTextListing] = []
        var v4l2: [(segment: MediaCtlSegment, parser: V4L2CtlTextParser)] = []
        var problems: [Problem] = []
        var notes: [String] = []
        var recognized: [String] = []
        var libcameraIDs: [String: String] = [:]
        func saw(_ r: String) { if !recognized.contains(r) { recognized.append(r) } }
        for input in inputs {
            try TextImportLimits.check(input.name, input.text, saying: "not media-ctl or v4l2-ctl output")
            let segments = MediaCtlSegment.split(file: input.name, text: PasteNormalizer.normalize(input.text, commands: .keep))
            if segments.isEmpty { throw TextImportError(file: input.name, line: 1, message: "the file is empty") }
            for s in segments {
                switch s.kind {
                case .topology:
                    var p = MediaCtlTopologyParser(file: s.file)
                    try p.parse(s.lines)
                    guard !p.text.entities.isEmpty else {
                        throw TextImportError(
                            file: s.file, line: s.lines.first?.n ?? 1, message: "media-ctl -p output without any '- entity' line")
                    }
                    if topology == nil {
                        topology = (p.text, s.file, s.context.device)
                        saw("media-ctl -p")
                    } else {
                        notes.append("\(s.file): a second media-ctl -p output; only the first (\(topology!.file)) is used")
                    }
                case .subdevListing:
                    var p = SubdevTextParser(file: s.file)
                    try p.parse(s.lines, context: s.context, command: s.command)
                    listings += p.listings
                    problems += p.problems
                    for l in p.listings { saw(l.kind.rawValue) }
                case .libcameraList:
                    for (name, id) in MediaCtlCameraList.ids(s.lines) { libcameraIDs[name] = id }
                    saw("cam -l")
                case .v4l2Ctl:
                    var p = V4L2CtlTextParser(file: s.file, partial: true)
                    try p.parse(padded(s.lines))
                    for r in p.recognized { saw(r) }
                    v4l2.append((s, p))
                }
            }
        }
        guard let topology else {
            throw TextImportError(
                file: inputs.first?.name ?? "<none>", line: 1,
                message:
                    "none of the files holds media-ctl -p output ('Media controller API version …', '- entity N: …'); it is what ties the other files together"
            )
        }
        let built = MediaCtlGraphBuilder.build(topology.text, file: topology.file, path: topology.path)
        let graph = built.graph
        problems += built.problems
        guard !graph.sensors.isEmpty else {
            throw TextImportError(
                file: topology.file, line: 1,
                message: "media-ctl -p lists no sensor (an entity of 'subtype Sensor'): there is no camera to import")
        }
        var placed = MediaCtlPadListings(graph: graph, pads: built.pads)
        placed.apply(listings)
        problems += placed.problems
        var scoped = placed.scoped
        let pads = placed.pads
        // v4l2-ctl text: subdevice controls, or a capture node's identity and formats (several texts of one node are merged).
        var controls: [String: [Control]] = [:]
        var drafts: [String: NodeDraft] = [:]
        var unlabelled: [(file: String, draft: NodeDraft)] = []
        for (s, p) in v4l2 {
            problems += p.draft.problems
            let device = s.context.device ?? p.draft.hint.map { "/dev/" + $0 }
            let isNode = p.draft.driver != nil || p.draft.sawFormatList || p.draft.activeFormat != nil
            if let device, let e = graph.entity(forInterfacePath: device) {
                if graph.captureEntities.contains(where: { $0.id == e.id }) {
                    var d = p.draft
                    d.problems = []
                    if drafts[device] == nil { drafts[device] = d } else { drafts[device]!.merge(d) }
                } else if !p.draft.controls.isEmpty {
                    controls[e.name] = p.draft.controls
                }
            } else if let device {
                problems.append(
                    Problem(
                        kind: .partial,
                        message: "\(s.file): media-ctl -p shows no entity with the device node \(device); its text is not used"))
            } else if !isNode, !p.draft.controls.isEmpty, graph.sensors.count == 1 {
                controls[graph.sensors[0].name] = p.draft.controls
                problems.append(
                    Problem(
                        kind: .imported,
                        message:
                            "\(s.file): the text does not say which subdevice these controls are of; taken to be the only sensor's, \(graph.sensors[0].name) (add a line '# /dev/v4l-subdevN' above them)"
                    ))
            } else if isNode {
                unlabelled.append((s.file, p.draft))
            } else {
                problems.append(Self.notUsed(s.file))
            }
        }
        // A node's text that names no node is the graph's only video capture node's, as in a single-file import.
        if let only = MediaCtlCaptureNodes.onlyVideoNode(graph: graph, pads: pads, drafts: drafts) {
            for (file, draft) in unlabelled {
                var d = draft
                d.problems = []
                if drafts[only.path] == nil { drafts[only.path] = d } else { drafts[only.path]!.merge(d) }
                problems.append(
                    Problem(
                        kind: .imported,
                        message:
                            "\(file): the text does not say which node it describes; taken to be \(only.path) (\(only.entity)), the graph's only video capture node"
                    ))
            }
        } else {
            problems += unlabelled.map { Self.notUsed($0.file) }
        }
        var nodes = drafts.mapValues { MediaCtlCaptureNodes.facts(from: $0, controller: graph.controller) }
        let (assumed, assumedProblems) = MediaCtlCaptureNodes.assumed(graph: graph, pads: pads, known: nodes)
        nodes.merge(assumed) { a, _ in a }
        scoped += assumedProblems
        scoped += missingModes(graph: graph, pads: pads)
        let formats = pads.compactMapValues(\.active)
        let facts = MediaSystemFacts(
            graph: graph, pads: pads, controls: controls, captureNodes: nodes,
            mismatches: PipelineDiagnosis.mismatches(in: graph, formats: formats, modes: pads),
            libcameraIDs: libcameraIDs.filter { graph.entity(named: $0.key)?.function == .camSensor })
        let base = baseDevice(graph: graph, nodes: nodes, problems: problems)
        var (devices, unreached) = SensorCameraBuilder.devices(facts, base: base)
        // A problem of one entity goes to the cameras whose pipelines hold it.
        for i in devices.indices {
            for j in devices[i].captures.indices { devices[i].captures[j].imported = true }
            guard let s = devices[i].sensor else { continue }
            var mine: Set<String> = [s.entity]
            for o in s.outputs {
                mine.insert(o.captureEntity)
                for h in o.route.hops { mine.insert(h.entityName) }
            }
            for l in s.lenses { mine.insert(l.entity) }
            devices[i].problems.insert(contentsOf: scoped.filter { mine.contains($0.scope) }.map(\.problem), at: problems.count)
        }
        if !unreached.isEmpty { notes.append("capture nodes no sensor reaches over enabled links: " + unreached.joined(separator: ", ")) }
        notes.append(
            "not in the text: the nodes' device numbers (major:minor), written 0:0 in the profile's media graph"
        )
        return MediaCtlImportResult(devices: devices, facts: facts, notes: notes, recognized: recognized)
    }

    /// A segment's lines at their own line numbers (blank lines before them), so the v4l2-ctl parser's errors name the file's lines.
    static func padded(_ lines: [(n: Int, line: Substring)]) -> String {
        var out = ""
        var at = 1
        for (n, l) in lines {
            while at < n {
                out += "\n"
                at += 1
            }
            out += l + "\n"
            at += 1
        }
        return out
    }

    /// Sensors whose modes the text does not give, and what to paste.
    static func notUsed(_ file: String) -> Problem {
        Problem(
            kind: .partial,
            message:
                "\(file): the text does not say which node it describes (add a line '# /dev/videoN' or '# /dev/v4l-subdevN' above it); not used"
        )
    }

    static func missingModes(graph: MediaGraph, pads: [PadRef: SubdevPadModes]) -> [(scope: String, problem: Problem)] {
        var out: [(scope: String, problem: Problem)] = []
        for s in graph.sensors {
            let pad = graph.pads(of: s.id).first { $0.direction == .source }?.index ?? 0
            let dev = graph.interfaces(of: s.id).first { $0.type == .v4lSubdev }?.path ?? "/dev/v4l-subdevN"
            let modes = pads[PadRef(entity: s.name, pad: pad)]
            // No codes at all: SensorCameraBuilder says what is known (the active mode) and what to paste.
            let sizeless = (modes?.codes ?? []).filter { $0.sizes.isEmpty }.map(\.code)
            if let first = sizeless.first {
                let which = sizeless.count == 1 ? "\(first)" : "\(sizeless.count) of its \(modes?.codes.count ?? 0) codes (\(first), …)"
                out.append(
                    (
                        s.name,
                        Problem(
                            kind: .imported,
                            message:
                                "\(s.name): no frame sizes in the text for \(which), so they offer no sizes (paste 'v4l2-ctl -d \(dev) --list-subdev-framesizes pad=\(pad),code=0x\(String(first.rawValue, radix: 16))' for each)"
                        )
                    ))
            }
        }
        return out
    }

    /// The system as one device, from the media device information: `platform:fe801000.csi` → `platform-fe801000.csi`.
    static func baseDevice(graph: MediaGraph, nodes: [String: CaptureNodeFacts], problems: [Problem]) -> Device {
        let c = graph.controller
        let bus = c.busInfo
        let kind: TransportKind =
            bus.hasPrefix("usb")
            ? .usb : bus.hasPrefix("platform") ? .platform : bus.hasPrefix("PCI") || bus.hasPrefix("pci") ? .pci : .unknown
        var stem = bus.hasPrefix("platform:") ? "platform-" + bus.dropFirst("platform:".count) : bus
        if stem.isEmpty { stem = "imported-" + (c.model.isEmpty ? "media" : c.model) }
        let id = String(stem.map { ch -> Character in (ch.isLetter || ch.isNumber || "-_.".contains(ch)) && ch.isASCII ? ch : "-" })
        var deviceNodes: [DeviceNode] = []
        for e in graph.entities {
            guard let path = graph.interfaces(of: e.id).first(where: { $0.type == .v4lVideo })?.path, let n = nodes[path] else { continue }
            deviceNodes.append(
                DeviceNode(role: n.identity.isVideoCapture ? .capture : "metadata", path: path, deviceCaps: n.identity.deviceCaps))
        }
        if !graph.path.isEmpty { deviceNodes.append(DeviceNode(role: "media", path: graph.path)) }
        let identity = DeviceIdentity(serial: c.serial.isEmpty ? nil : c.serial, product: c.model, busInfo: bus, driver: c.driver)
        return Device(
            id: DeviceID(id), name: c.model, modelID: nil, transport: Transport(kind: kind), identity: identity, nodes: deviceNodes,
            captures: [], problems: problems)
    }
}
