import CaptureModel

/// What one capture node at the end of a media pipeline said about itself.
package struct CaptureNodeFacts: Sendable, Hashable {
    /// `VIDIOC_QUERYCAP`.
    package var identity: NodeIdentity
    /// The node's own, unfiltered `VIDIOC_ENUM_FMT` list (the receiver's limits); used for descriptions and the buffer type.
    package var formats: [PixelFormat]
    /// `VIDIOC_ENUM_FMT` with `mbus_code` set, per code asked (`V4L2_CAP_IO_MC`); a code absent here was not asked.
    package var fourccsByCode: [MediaBusCode: [FourCC]]
    /// The node's controls (media-controller capture nodes usually have none).
    package var controls: [Control]?
    package var activeFormat: ActiveFormat?
    package var streamingParameters: StreamingParameters?
    package var problems: [Problem]

    package init(
        identity: NodeIdentity, formats: [PixelFormat], fourccsByCode: [MediaBusCode: [FourCC]] = [:], controls: [Control]? = nil,
        activeFormat: ActiveFormat? = nil, streamingParameters: StreamingParameters? = nil, problems: [Problem] = []
    ) {
        self.identity = identity
        self.formats = formats
        self.fourccsByCode = fourccsByCode
        self.controls = controls
        self.activeFormat = activeFormat
        self.streamingParameters = streamingParameters
        self.problems = problems
    }
}

/// Everything read from one media-controller system, from the device or from pasted text.
package struct MediaSystemFacts: Sendable, Hashable {
    package var graph: MediaGraph
    /// Each subdevice pad that could be read.
    package var pads: [PadRef: SubdevPadModes]
    /// Subdevice controls by entity name (sensors and lenses); an absent entity's controls were not read.
    package var controls: [String: [Control]]
    /// Capture nodes by path.
    package var captureNodes: [String: CaptureNodeFacts]
    /// Enabled links whose ends disagree (see `PipelineDiagnosis`).
    package var mismatches: [LinkMismatch]
    /// libcamera ids by sensor entity name, when they could be derived.
    package var libcameraIDs: [String: String]

    package init(
        graph: MediaGraph, pads: [PadRef: SubdevPadModes], controls: [String: [Control]] = [:],
        captureNodes: [String: CaptureNodeFacts] = [:], mismatches: [LinkMismatch] = [], libcameraIDs: [String: String] = [:]
    ) {
        self.graph = graph
        self.pads = pads
        self.controls = controls
        self.captureNodes = captureNodes
        self.mismatches = mismatches
        self.libcameraIDs = libcameraIDs
    }
}

/// One sensor camera as built: the sensor, its capture nodes with the sensor's
/// modes in place of the receiver's, and what is wrong with its pipeline.
package struct BuiltSensorCamera: Sendable, Hashable {
    package var sensor: SensorCamera
    /// One per output, with `formats` the sensor's modes as the node delivers them.
    package var captures: [CaptureNodeCapabilities]
    /// Mismatched links of the sensor's connected pipeline, unreadable pads, unreachable outputs.
    package var problems: [Problem]
}

/// Turns a media graph into cameras, one per sensor entity. Pure: every fact comes in `MediaSystemFacts`.
package enum SensorCameraBuilder {
    package static func build(_ facts: MediaSystemFacts) -> [BuiltSensorCamera] {
        facts.graph.sensors.map { build(sensor: $0, facts) }
    }

    static func build(sensor entity: MediaEntity, _ facts: MediaSystemFacts) -> BuiltSensorCamera {
        let graph = facts.graph
        let sourcePad = graph.pads(of: entity.id).first { $0.direction == .source }?.index ?? 0
        let source = facts.pads[PadRef(entity: entity.name, pad: sourcePad)] ?? SubdevPadModes(pad: sourcePad, codes: [])
        let controls = facts.controls[entity.name]
        let timing = controls.flatMap(SensorTiming.init(controls:))
        let evidence = rateEvidence(source: source, timing: timing, controlsRead: controls != nil)
        let lenses = graph.lenses(of: entity.id).map {
            SensorLens(entity: $0.name, subdevPath: subdevPath(graph, $0.id), controls: facts.controls[$0.name])
        }
        var problems: [Problem] = []
        // With no list of codes, the pad's active format is still one mode the sensor has: the only one known.
        let modes = source.codes.isEmpty ? activeOnly(source) : source
        if source.codes.isEmpty {
            let paste =
                "paste " + listings(subdevPath: subdevPath(graph, entity.id), pad: sourcePad) + " for each code, or 'cam -l' on the machine"
            problems.append(
                Problem(
                    kind: .partial,
                    message: source.active.map {
                        "\(entity.name): only its active mode is known (\($0), from the pad's format; its frame rate is unknown); "
                            + "its other modes are unknown, not absent: \(paste)"
                    }
                        ?? "\(entity.name): its source pad \(sourcePad) listed no media-bus codes, so its modes are unknown, not absent: \(paste)"
                ))
        }
        var outputs: [SensorOutput] = []
        var captures: [CaptureNodeCapabilities] = []
        for route in graph.dataPaths(from: entity.id) {
            guard let capture = graph.entity(id: route.captureEntityID) else { continue }
            let node = route.capturePath.flatMap { facts.captureNodes[$0] }
            if let node, !node.identity.isVideoCapture { continue }  // metadata (embedded data) nodes are not picture outputs
            let formats = outputFormats(route: route, source: modes, node: node, facts: facts)
            outputs.append(SensorOutput(capturePath: route.capturePath, captureEntity: capture.name, route: route, formats: formats))
            if let path = route.capturePath, let node {
                captures.append(capabilities(path: path, node: node, formats: formats, source: modes, timing: timing, evidence: evidence))
                captures[captures.count - 1].controls = mergedControls(node.controls, controls, lenses)
                let unread = lenses.filter { $0.controls == nil }.map(\.entity)
                if !unread.isEmpty {
                    captures[captures.count - 1].controlsIncomplete =
                        "the controls of the lens \(unread.joined(separator: ", ")) were not read"
                }
            }
            if formats.isEmpty && !modes.codes.isEmpty {  // no codes at all is said once, above
                problems.append(
                    Problem(
                        kind: .partial,
                        message:
                            "\(entity.name) → \(capture.name): none of the sensor's codes can travel this path to a pixel format of \(route.capturePath ?? "the capture node")"
                    ))
            }
        }
        // The shortest path first: the sensor's own output (a raw capture node) before processed ones.
        outputs.sort { ($0.route.hops.count, $0.capturePath ?? "") < ($1.route.hops.count, $1.capturePath ?? "") }
        let rank = { (path: String) in outputs.firstIndex { $0.capturePath == path } ?? outputs.count }
        captures.sort { rank($0.path) < rank($1.path) }
        let enabled = Set(outputs.map(\.route))
        let enabledLinks = Set(graph.links.filter(\.isEnabled).map(\.id))
        let disabled = graph.dataPaths(from: entity.id, includingDisabledLinks: true).filter { path in
            !enabled.contains(path) && path.linkIDs.contains { !enabledLinks.contains($0) }
        }.map {
            SensorDisabledRoute(capturePath: $0.capturePath, route: $0, enable: enableCommands($0, graph))
        }
        if outputs.isEmpty {
            var text = "\(entity.name) reaches no capture node over enabled links"
            if let first = disabled.first {
                text += "; enable the path to \(first.capturePath ?? "its capture node") with: " + first.enable.joined(separator: "; ")
            }
            problems.append(Problem(kind: .mediaPipeline, message: text))
        }
        let component = connectedEntities(from: entity.id, graph)
        problems += facts.mismatches.filter { component.contains($0.sink.entity) }.map(PipelineDiagnosis.problem)
        let sensor = SensorCamera(
            mediaDevice: graph.path, controller: graph.controller, entity: entity.name, subdevPath: subdevPath(graph, entity.id),
            source: source, timing: timing, rateEvidence: evidence, controls: controls, lenses: lenses, outputs: outputs,
            disabledRoutes: disabled, libcameraID: facts.libcameraIDs[entity.name], graph: graph,
            pads: facts.pads.map { SubdevPadEntry(pad: $0.key, modes: $0.value) }.sorted {
                ($0.pad.entity, $0.pad.pad) < ($1.pad.entity, $1.pad.pad)
            })
        return BuiltSensorCamera(sensor: sensor, captures: captures, problems: problems)
    }

    /// The two `v4l2-ctl` listings that give a sensor pad's modes, as a user would type them.
    package static func listings(subdevPath: String?, pad: UInt32) -> String {
        let subdev = subdevPath.map { "-d \($0) " } ?? ""
        return "'v4l2-ctl \(subdev)--list-subdev-mbus-codes pad=\(pad)' and 'v4l2-ctl \(subdev)--list-subdev-framesizes pad=\(pad),code=…'"
    }

    /// The pad's active format as its only mode (one fixed size, no intervals), when it has one.
    static func activeOnly(_ source: SubdevPadModes) -> SubdevPadModes {
        var modes = source
        if let a = source.active {
            let size = Dimensions(width: a.width, height: a.height)
            modes.codes = [SubdevCodeModes(code: a.code, sizes: [SubdevFrameSize(min: size, max: size)])]
        }
        return modes
    }

    static func subdevPath(_ graph: MediaGraph, _ id: UInt32) -> String? {
        graph.interfaces(of: id).first { $0.type == .v4lSubdev }?.path
    }

    /// For each sensor code that the whole connected pipeline can carry (`PipelinePlan`): its code on every
    /// hop of the route, and the node's pixel formats for the code that arrives.
    static func outputFormats(route: MediaDataPath, source: SubdevPadModes, node: CaptureNodeFacts?, facts: MediaSystemFacts)
        -> [SensorOutputFormat]
    {
        var out: [SensorOutputFormat] = []
        var seen = Set<FourCC>()
        guard let sensor = route.hops.first?.entityName else { return [] }
        for c in source.codes {
            let size = c.sizes.first?.min ?? Dimensions(width: 640, height: 480)
            guard
                case .success(let plan) = PipelinePlan.plan(sensor: sensor, code: c.code, size: size, graph: facts.graph, pads: facts.pads)
            else { continue }
            let padCodes = route.hops.map { hop in
                plan.setting(for: PadRef(entity: hop.entityName, pad: hop.padIndex))?.code
                    ?? plan.captures.first { $0.entity == hop.entityName }?.code ?? c.code
            }
            let code = padCodes.last ?? c.code
            let (fourccs, evidence) = pixelFormats(for: code, node: node)
            for f in fourccs where seen.insert(f).inserted {
                out.append(SensorOutputFormat(sensorCode: c.code, padCodes: padCodes, fourcc: f, evidence: evidence))
            }
        }
        return out
    }

    static func pixelFormats(for code: MediaBusCode, node: CaptureNodeFacts?) -> ([FourCC], String) {
        if let asked = node?.fourccsByCode[code] {
            return (asked, "VIDIOC_ENUM_FMT with mbus_code \(code)")
        }
        let table = MediaBusPixelFormats.fourccs(for: code)
        guard let node, !node.formats.isEmpty else {
            return (table, "inferred from the kernel's media-bus code to pixel format table (the capture node was not asked)")
        }
        let offered = Set(node.formats.map(\.fourcc))
        return (table.filter(offered.contains), "the node's formats that the kernel's table maps \(code) to")
    }

    static func capabilities(
        path: String, node: CaptureNodeFacts, formats: [SensorOutputFormat], source: SubdevPadModes, timing: SensorTiming?,
        evidence: String
    ) -> CaptureNodeCapabilities {
        let bufferType = node.formats.first?.bufferType ?? .videoCapture
        let pixelFormats = formats.enumerated().map { i, f in
            let own = node.formats.first { $0.fourcc == f.fourcc }?.description ?? f.fourcc.description
            let sizes = source.codes.first { $0.code == f.sensorCode }?.sizes ?? []
            return PixelFormat(
                index: UInt32(i), fourcc: f.fourcc, description: "\(own) ← sensor \(f.sensorCode)", bufferType: bufferType, flags: [],
                sizes: sizes.map { frameSize($0, active: source.active, timing: timing, evidence: evidence) })
        }
        return CaptureNodeCapabilities(
            path: path, identity: node.identity, formats: pixelFormats, controls: node.controls, activeFormat: node.activeFormat,
            streamingParameters: node.streamingParameters, problems: node.problems.filter { $0.kind != .mediaPipeline })
    }

    /// A sensor size as a V4L2 frame size, with its intervals: listed, computed from blanking (exact, at the
    /// active mode), or unknown with the reason.
    static func frameSize(_ s: SubdevFrameSize, active: SubdevPadFormat?, timing: SensorTiming?, evidence: String) -> FrameSize {
        func intervals(at d: Dimensions) -> FrameIntervals {
            if !s.intervals.isEmpty { return .discrete(s.intervals.map(FrameDuration.init)) }
            if let timing, let a = active, a.width == d.width, a.height == d.height,
                let (shortest, longest) = timing.intervalRange(width: d.width, height: d.height)
            {
                return .continuous(min: FrameDuration(shortest), max: FrameDuration(longest))
            }
            return .unknown(reason: timing == nil ? "not reported by the sensor" : "set by this mode's blanking, known once it is applied")
        }
        if s.isFixed { return .discrete(s.min, intervals: intervals(at: s.min)) }
        return .continuous(min: s.min, max: s.max, intervalsAtMin: intervals(at: s.min), intervalsAtMax: intervals(at: s.max))
    }

    static func rateEvidence(source: SubdevPadModes, timing: SensorTiming?, controlsRead: Bool) -> String {
        if source.codes.contains(where: { $0.sizes.contains { !$0.intervals.isEmpty } }) {
            return "the sensor lists its frame intervals (VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL)"
        }
        if let t = timing {
            let at = source.active.map { " at the active mode \($0.width)x\($0.height)" } ?? ""
            return "computed from PIXEL_RATE \(t.pixelRate), HBLANK \(t.hblank) and VBLANK \(t.vblankMinimum)–\(t.vblankMaximum)\(at): "
                + "fps = pixel rate / ((width + hblank) × (height + vblank)); other modes use other blanking, so their rate is "
                + "known once one is applied"
        }
        if !controlsRead {
            return "the sensor lists no frame intervals and its controls were not read: the rate is unknown"
        }
        return "the sensor lists no frame intervals (VIDIOC_SUBDEV_ENUM_FRAME_INTERVAL) and has no PIXEL_RATE, HBLANK and "
            + "VBLANK controls: the rate is unknown until 'camprobe verify' measures it"
    }

    static func mergedControls(_ node: [Control]?, _ sensor: [Control]?, _ lenses: [SensorLens]) -> [Control]? {
        let parts = [node, sensor] + lenses.map(\.controls)
        guard parts.contains(where: { $0 != nil }) else { return nil }
        var seen = Set<UInt32>()
        return parts.compactMap { $0 }.flatMap { $0 }.filter { seen.insert($0.id).inserted }
    }

    /// `media-ctl -d DEV -l '"A":0->"B":0[1]'` for each disabled link of a route.
    static func enableCommands(_ route: MediaDataPath, _ graph: MediaGraph) -> [String] {
        let device = !graph.path.isEmpty ? graph.path : graph.controller.busInfo
        return route.linkIDs.compactMap { id in
            guard let link = graph.links.first(where: { $0.id == id }), !link.isEnabled,
                let (a, b) = PipelineDiagnosis.refs(link, graph)
            else { return nil }
            return "media-ctl -d \(device) -l '\(a)->\(b)[1]'"
        }
    }

    /// Entity names joined to `id` by enabled data links in either direction: what the kernel validates when any
    /// capture node of the pipeline starts streaming.
    package static func connectedEntities(named name: String, _ graph: MediaGraph) -> Set<String> {
        graph.entity(named: name).map { connectedEntities(from: $0.id, graph) } ?? []
    }

    static func connectedEntities(from id: UInt32, _ graph: MediaGraph) -> Set<String> {
        var neighbours: [UInt32: [UInt32]] = [:]
        for l in graph.links where l.kind == .data && l.isEnabled {
            guard let a = graph.pad(id: l.source)?.entityID, let b = graph.pad(id: l.sink)?.entityID else { continue }
            neighbours[a, default: []].append(b)
            neighbours[b, default: []].append(a)
        }
        var seen: Set<UInt32> = [id]
        var queue = [id]
        while let next = queue.popLast() {
            for n in neighbours[next] ?? [] where seen.insert(n).inserted { queue.append(n) }
        }
        return Set(seen.compactMap { graph.entity(id: $0)?.name })
    }
}
