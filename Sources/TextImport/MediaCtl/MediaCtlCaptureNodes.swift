import CaptureModel
import SensorPipelines

/// Capture nodes of an imported media graph: what pasted `v4l2-ctl --all` /
/// `--list-formats-ext` text says of a node, or, for a node with no text, a
/// node taken from its entity (a video capture node, or a metadata node when its
/// name or the code it receives says so) with that assumption said as a problem.
enum MediaCtlCaptureNodes {
    /// `V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_EXT_PIX_FORMAT | V4L2_CAP_STREAMING | V4L2_CAP_IO_MC`.
    static let videoCaps = CapabilityFlags(rawValue: 0x0000_0001 | 0x0020_0000 | 0x0400_0000 | 0x2000_0000)
    /// `V4L2_CAP_META_CAPTURE | V4L2_CAP_STREAMING | V4L2_CAP_IO_MC`.
    static let metadataCaps = CapabilityFlags(rawValue: 0x0080_0000 | 0x0400_0000 | 0x2000_0000)

    static func facts(from d: NodeDraft, controller: MediaControllerInfo) -> CaptureNodeFacts {
        let caps = CapabilityFlags(rawValue: d.deviceCaps ?? d.capabilities ?? videoCaps.rawValue)
        let identity = NodeIdentity(
            driver: d.driver ?? controller.driver, card: d.card ?? controller.model, busInfo: d.busInfo ?? controller.busInfo,
            version: d.version ?? "", capabilities: CapabilityFlags(rawValue: d.capabilities ?? caps.rawValue), deviceCaps: caps)
        let params = d.frameInterval.map { StreamingParameters(supportsFrameInterval: d.supportsFrameInterval, frameInterval: $0) }
        return CaptureNodeFacts(
            identity: identity, formats: d.formats, controls: d.controls.isEmpty ? nil : d.controls, activeFormat: d.activeFormat,
            streamingParameters: params, problems: d.problems)
    }

    /// Facts for every capture entity's video node the text said nothing about.
    static func assumed(graph: MediaGraph, pads: [PadRef: SubdevPadModes], known: [String: CaptureNodeFacts]) -> (
        [String: CaptureNodeFacts], [(scope: String, problem: Problem)]
    ) {
        var out: [String: CaptureNodeFacts] = [:]
        var problems: [(scope: String, problem: Problem)] = []
        for e in graph.captureEntities {
            guard let path = graph.interfaces(of: e.id).first(where: { $0.type == .v4lVideo })?.path, known[path] == nil else { continue }
            let metadata = isMetadata(e, graph: graph, pads: pads)
            let caps = metadata ? metadataCaps : videoCaps
            let c = graph.controller
            out[path] = CaptureNodeFacts(
                identity: NodeIdentity(
                    driver: c.driver, card: c.model, busInfo: c.busInfo, version: "", capabilities: caps, deviceCaps: caps),
                formats: [])
            problems.append(
                (
                    e.name,
                    Problem(
                        kind: .imported,
                        message: metadata
                            ? "\(path) (\(e.name)): no v4l2-ctl text for this node; taken to be a metadata node (its name or the code it receives says so)"
                            : "\(path) (\(e.name)): no v4l2-ctl text for this node; taken to be a video capture node whose pixel formats are the kernel's for the sensor's codes (paste 'v4l2-ctl -d \(path) --all --list-formats-ext' to know)"
                    )
                ))
        }
        return (out, problems)
    }

    /// A node named for embedded data or metadata, or fed a code no pixel format is made from.
    static func isMetadata(_ e: MediaEntity, graph: MediaGraph, pads: [PadRef: SubdevPadModes]) -> Bool {
        let name = e.name.lowercased()
        if name.contains("embedded") || name.contains("meta") || name.contains("stats") || name.contains("params") { return true }
        let sinks = Set(graph.pads(of: e.id).map(\.id))
        for l in graph.links where l.kind == .data && l.isEnabled && sinks.contains(l.sink) {
            guard let p = graph.pad(id: l.source), let src = graph.entity(id: p.entityID),
                let code = pads[PadRef(entity: src.name, pad: p.index)]?.active?.code
            else { continue }
            if let n = code.name, n.hasPrefix("META") || n.hasPrefix("SENSOR_DATA") || n.hasPrefix("EMBEDDED") { return true }
        }
        return false
    }

    /// The graph's only video capture node, when there is exactly one: a capture entity's video node whose
    /// pasted text says video capture, or, without text, that is not taken to be a metadata node.
    static func onlyVideoNode(graph: MediaGraph, pads: [PadRef: SubdevPadModes], drafts: [String: NodeDraft]) -> (
        path: String, entity: String
    )? {
        var video: [(path: String, entity: String)] = []
        for e in graph.captureEntities {
            guard let path = graph.interfaces(of: e.id).first(where: { $0.type == .v4lVideo })?.path else { continue }
            if let d = drafts[path], let caps = d.deviceCaps ?? d.capabilities {
                let flags = CapabilityFlags(rawValue: caps)
                if !flags.isDisjoint(with: [.videoCapture, .videoCaptureMultiplanar]) { video.append((path, e.name)) }
            } else if !isMetadata(e, graph: graph, pads: pads) {
                video.append((path, e.name))
            }
        }
        return video.count == 1 ? video[0] : nil
    }
}
