import CaptureModel
import SensorPipelines

/// A decision for a whole device: which of its capture nodes to open, and the
/// decision for that node (`Negotiator.decide(_:across:)`).
public struct DeviceDecision: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The capture node to open (`/dev/videoN`); nil when no node can serve the request.
    public var path: String?
    /// The decision for `path`; when nothing fits, the first node's, with every node's reasons.
    public var decision: Decision
    /// Each capture node's outcome, in node order: what the pick was made from.
    public var nodes: [NodeOutcome]

    /// One node's outcome.
    public struct NodeOutcome: Sendable, Hashable, Codable {
        public var path: String
        public var outcome: Decision.Outcome
    }

    /// "/dev/video0: VALID MJPG 1920x1080 @ 30 fps".
    public var description: String { "\(path ?? "no node"): \(decision)" }
}

extension Negotiator {
    /// Decides a request across every capture node of `device` (e.g. a camera whose
    /// H.264 stream is a second node) and says which node to open.
    ///
    /// The first node whose decision is Valid wins — so a device whose first node
    /// serves the request gets exactly what `decide(_:for:)` gives for that node;
    /// when none is Valid, the Adjusted one with the lowest score (ties: node order);
    /// when none can serve it, Unsupported with each node's reasons. Pure: no I/O.
    public static func decide(_ request: CaptureRequest, across device: Device, alternatives limit: Int = 5) -> DeviceDecision {
        pick(device) { node in decide(request, for: node, transport: device.transport, controls: node.controls, alternatives: limit) }
    }

    /// `decide(_:across:)` with each node's table built once (`ModeTable.tables(for:)`, in node order) and
    /// reused for every decision on the device.
    package static func decide(
        _ request: CaptureRequest, across device: Device, using tables: [ModeTable], alternatives limit: Int = 5
    ) -> DeviceDecision {
        pick(device, tables) { table in
            decide(request, using: table, transport: device.transport, controls: table.node.controls, alternatives: limit)
        }
    }

    /// `decide(preset:across:)` with each node's table built once and reused.
    package static func decide(preset: SessionPreset, across device: Device, using tables: [ModeTable]) -> DeviceDecision {
        pick(device, tables) { table in decide(preset: preset, using: table, transport: device.transport, controls: table.node.controls) }
    }

    /// Each node's decision from its table; a node without one (tables for another device) gets one built.
    static func pick(_ device: Device, _ tables: [ModeTable], _ decide: (ModeTable) -> Decision) -> DeviceDecision {
        pick(device) { node in
            let given = tables.first { $0.node.path == node.path }
            return decide(given ?? ModeTable(node: node))
        }
    }

    /// Decides a session preset across every capture node of `device`, as `decide(_:across:)` does.
    public static func decide(preset: SessionPreset, across device: Device) -> DeviceDecision {
        pick(device) { node in decide(preset: preset, for: node, transport: device.transport, controls: node.controls) }
    }

    static func pick(_ device: Device, _ decide: (CaptureNodeCapabilities) -> Decision) -> DeviceDecision {
        var result = pickNode(device, decide)
        // A sensor whose modes were not read: what was chosen from is not all it has, and an empty list is not "no formats".
        guard !device.captures.isEmpty, let unknown = unknownSensorModes(device) else { return result }
        if result.path == nil {
            result.decision.reasons = [unknown]
            result.decision.explanation = ["Nothing can be chosen: " + unknown + "."]
        } else {
            result.decision.explanation.append("Known modes: " + unknown + ".")
        }
        return result
    }

    /// What is unknown of a media-controller camera's sensor and what to paste to know it; nil when its
    /// modes were read (`VIDIOC_SUBDEV_ENUM_MBUS_CODE` listed codes) or the device has no sensor.
    package static func unknownSensorModes(_ device: Device) -> String? {
        guard let s = device.sensor, s.source.codes.isEmpty else { return nil }
        let pad = s.source.pad
        let known =
            s.source.active.map { "only its active mode (\($0)) is known, its rate unknown" }
            ?? "none of its modes is known"
        let listings = SensorCameraBuilder.listings(subdevPath: s.subdevPath, pad: pad)
        guard device.captures.contains(where: \.imported) else {
            return "the sensor '\(s.entity)' listed no media-bus codes on pad \(pad) (VIDIOC_SUBDEV_ENUM_MBUS_CODE), so \(known): "
                + "its other modes are unknown, not absent (compare \(listings), or 'cam -l')"
        }
        return "the sensor '\(s.entity)' was read without its list of modes, so \(known): its other modes are unknown, not absent "
            + "(paste \(listings), or 'cam -l')"
    }

    static func pickNode(_ device: Device, _ decide: (CaptureNodeCapabilities) -> Decision) -> DeviceDecision {
        let decided = device.captures.map { (path: $0.path, decision: decide($0)) }
        let nodes = decided.map { DeviceDecision.NodeOutcome(path: $0.path, outcome: $0.decision.outcome) }
        if let valid = decided.first(where: { $0.decision.outcome == .valid }) {
            return DeviceDecision(path: valid.path, decision: valid.decision, nodes: nodes)
        }
        let adjusted = decided.enumerated().filter { $0.element.decision.outcome == .adjusted }
        if let best = adjusted.min(by: { a, b in
            (a.element.decision.alternatives.first?.score ?? .infinity, a.offset) < (
                b.element.decision.alternatives.first?.score ?? .infinity, b.offset
            )
        }) {
            return DeviceDecision(path: best.element.path, decision: best.element.decision, nodes: nodes)
        }
        guard var first = decided.first?.decision else {
            let reason = "\(device.name) (\(device.id)) has no video capture node"
            return DeviceDecision(
                path: nil,
                decision: Decision(
                    outcome: .unsupported, choice: nil, changes: [], reasons: [reason], alternatives: [],
                    explanation: ["Nothing can be chosen: \(reason)."], candidatesConsidered: 0),
                nodes: [])
        }
        if decided.count > 1 {
            first.reasons = decided.flatMap { n in n.decision.reasons.map { "\(n.path): \($0)" } }
            first.candidatesConsidered = decided.reduce(0) { $0 + $1.decision.candidatesConsidered }
        }
        return DeviceDecision(path: nil, decision: first, nodes: nodes)
    }
}
