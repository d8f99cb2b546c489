import CaptureModel
import Negotiation
import SensorPipelines
import V4L2

/// Splits a media-controller system (a media node plus capture nodes that say
/// `V4L2_CAP_IO_MC`) into one camera per sensor entity, and reads what each
/// sensor camera can do. UVC cameras, whose capture node is the camera, are
/// left alone: their capture nodes do not say `V4L2_CAP_IO_MC`.
enum SensorDiscovery {
    /// `V4L2_CAP_IO_MC`.
    static let ioMC = CapabilityFlags(rawValue: 0x2000_0000)

    /// The media node of a device whose capture nodes are ends of a media pipeline.
    static func mediaControllerPath(of device: Device) -> String? {
        guard device.nodes.contains(where: { $0.role == .capture && ($0.deviceCaps?.contains(ioMC) ?? false) }) else { return nil }
        return device.nodes.first { $0.role == .media }?.path
    }

    /// The sensor cameras of `base`, named and with their nodes, before anything
    /// but the topology is read (so a selector can pick one by name). Nil when the
    /// graph cannot be read or has no sensor: none, and the reason (the device then stays as it is).
    static func skeletons(of base: Device, mediaPath: String, system: any DeviceSystem) -> (
        devices: [Device], graph: MediaGraph?, problem: Problem?
    ) {
        let graph: MediaGraph
        do throws(V4L2Error) {
            graph = try system.open(mediaPath, throughLibV4L2: false).readMediaGraph(devnodes: system.mediaDevnodes)
        } catch {
            var p = error.problem
            p.message = "\(mediaPath): could not read the media graph (\(error.errnoName)), so the sensors behind \(base.name) are unknown"
            return ([], nil, p)
        }
        guard !graph.sensors.isEmpty else {
            return (
                [], graph,
                Problem(
                    kind: .mediaPipeline,
                    message: "\(mediaPath) has no sensor entity (MEDIA_ENT_F_CAM_SENSOR): the capture nodes are shown as they are")
            )
        }
        var devices = SensorCameraBuilder.devices(MediaSystemFacts(graph: graph, pads: [:]), base: base).devices
        for i in devices.indices {
            devices[i].captures = []
            devices[i].problems = base.problems
        }
        return (devices, graph, nil)
    }

    /// Everything about the sensors of the media node at `mediaPath`: the pipeline
    /// (graph, pad modes, mismatches), sensor and lens controls, and for each capture
    /// node the pixel formats per arriving code. `captures` are the nodes' own reads.
    /// `graph` is the one `skeletons` read; `ports` the capture nodes discovery already has open.
    static func facts(
        graph: MediaGraph, captures: [CaptureNodeCapabilities], ports: [String: any DevicePort], readControls: Bool,
        system: any DeviceSystem
    ) -> (facts: MediaSystemFacts, problems: [Problem]) {
        let pipeline: MediaPipeline = MediaPipelineReader.read(graph: graph, system: system)
        let graph = pipeline.graph
        var controls: [String: [Control]] = [:]
        var problems = pipeline.problems.filter { $0.kind != .pipelineMismatch }
        let wanted = graph.sensors.flatMap { [$0] + graph.lenses(of: $0.id) }
        for entity in wanted where readControls {
            guard let node = graph.interfaces(of: entity.id).first(where: { $0.type == .v4lSubdev })?.path,
                let port = try? system.open(node, throughLibV4L2: false)
            else { continue }
            let (list, found) = SubdevEnumerator(port: port).controls()
            controls[entity.name] = list
            problems += found
        }
        var nodes: [String: CaptureNodeFacts] = [:]
        for caps in captures {
            guard let entity = graph.entity(forInterfacePath: caps.path) else { continue }
            var facts = CaptureNodeFacts(
                identity: caps.identity, formats: caps.formats, controls: caps.controls, activeFormat: caps.activeFormat,
                streamingParameters: caps.streamingParameters, problems: caps.problems)
            let arriving = Set(arrivingCodes(at: entity.id, graph: graph, pads: pipeline.pads))
            if !arriving.isEmpty, let port = ports[caps.path] ?? (try? system.open(caps.path, throughLibV4L2: false)) {
                let type = caps.formats.first?.bufferType ?? .videoCapture
                var answers: [MediaBusCode: [FourCC]] = [:]
                for code in arriving.sorted(by: { $0.rawValue < $1.rawValue }) {
                    if let list = port.pixelFormats(forMbusCode: code, bufferType: type) { answers[code] = list }
                }
                // A driver that ignores mbus_code answers its whole list for every code: not an answer.
                let whole = Set(caps.formats.map(\.fourcc))
                let filters = answers.values.contains { Set($0) != whole || $0.count <= 1 }
                if filters { facts.fourccsByCode = answers }
            }
            nodes[caps.path] = facts
        }
        let ids = Dictionary(
            graph.sensors.compactMap { s -> (String, String)? in
                guard let node = graph.interfaces(of: s.id).first(where: { $0.type == .v4lSubdev })?.path,
                    let id = system.libcameraID(sensorSubdev: node, entity: s.name)
                else { return nil }
                return (s.name, id)
            }, uniquingKeysWith: { a, _ in a })
        let facts = MediaSystemFacts(
            graph: graph, pads: pipeline.pads, controls: controls, captureNodes: nodes, mismatches: pipeline.mismatches,
            libcameraIDs: ids)
        return (facts, problems)
    }

    /// The codes any pad linked into entity `id` can send (what may arrive at a capture node).
    static func arrivingCodes(at id: UInt32, graph: MediaGraph, pads: [PadRef: SubdevPadModes]) -> [MediaBusCode] {
        var out: [MediaBusCode] = []
        for link in graph.links where link.kind == .data {
            guard let sink = graph.pad(id: link.sink), sink.entityID == id, let (source, _) = PipelineDiagnosis.refs(link, graph),
                let modes = pads[source]
            else { continue }
            out += modes.codes.map(\.code)
        }
        return out
    }
}
