import CaptureModel

/// AVFoundation's session presets, made exact for V4L2 (DESIGN.md):
/// each maps to a request, or (high, photo, inputPriority) to a rule of its own.
public enum SessionPreset: String, CaseIterable, Sendable, Codable {
    case high, medium, low
    case p352x288 = "352x288"
    case p640x480 = "640x480"
    case p1280x720 = "1280x720"
    case p1920x1080 = "1920x1080"
    case p3840x2160 = "3840x2160"
    case iFrame960x540, iFrame1280x720
    case photo, inputPriority

    /// What the preset means, in words.
    public var meaning: String {
        switch self {
        case .high: "the largest size that sustains ≥ 30 fps (else ≥ 24, else the best rate)"
        case .medium: "nearest to 640x480 at ≥ 30 fps"
        case .low: "nearest to 320x240 (never below 160x120) at ≥ 15 fps"
        case .p352x288, .p640x480, .p1280x720, .p1920x1080, .p3840x2160: "exactly \(rawValue), the best rate ≥ 30 fps where possible"
        case .iFrame960x540: "960x540 at a constant 29.97/30 or 25 fps"
        case .iFrame1280x720: "1280x720 at a constant 29.97/30 or 25 fps"
        case .photo: "the largest size of any format, rate irrelevant"
        case .inputPriority: "leave the active format and frame rate as they are"
        }
    }

    var fixedSize: Dimensions? {
        switch self {
        case .p352x288: Dimensions(width: 352, height: 288)
        case .p640x480: Dimensions(width: 640, height: 480)
        case .p1280x720: Dimensions(width: 1280, height: 720)
        case .p1920x1080: Dimensions(width: 1920, height: 1080)
        case .p3840x2160: Dimensions(width: 3840, height: 2160)
        case .iFrame960x540: Dimensions(width: 960, height: 540)
        case .iFrame1280x720: Dimensions(width: 1280, height: 720)
        default: nil
        }
    }
}

extension Negotiator {
    /// Decides a preset for one node.
    public static func decide(
        preset: SessionPreset, for node: CaptureNodeCapabilities, transport: Transport? = nil,
        controls: [Control]? = nil
    ) -> Decision {
        decide(preset: preset, using: ModeTable(node: node), transport: transport, controls: controls)
    }

    /// Decides a preset for the node of `table`, built once and reused (a preset may take several decisions);
    /// the same decision as `decide(preset:for:)`.
    package static func decide(
        preset: SessionPreset, using table: ModeTable, transport: Transport? = nil, controls: [Control]? = nil
    ) -> Decision {
        let node = table.node
        let thirty = Rational(30, 1)
        switch preset {
        case .high:
            // The largest size whose rate reaches 30 fps (else 24): the floor is hard here,
            // so a bigger size at 24 fps never beats a smaller one at 30.
            let candidates = table.modes
            let limit = Bandwidth.transportLimit(transport)
            for floor in [Rational(30000, 1001), Rational(24000, 1001)] {
                let fast = candidates.indices.filter { i in
                    guard let f = table.fastestFPS[Int(table.offerID[i])], let want = floor.doubleValue else { return false }
                    return f + 1e-9 >= want
                }
                func rank(_ i: Int) -> (Int, UInt64, Int, Double) {
                    let fps = table.fastestFPS[Int(table.offerID[i])] ?? 0
                    let over = table.bytesPerSecond(i, fps: fps).map { b in limit.map { b > $0 } ?? false } ?? false
                    return (table.isEmulated[i] ? 0 : 1, table.sizes[Int(table.sizeID[i])].area, over ? 0 : 1, fps)
                }
                if let best = fast.max(by: { rank($0) < rank($1) }).map({ candidates[$0] }) {
                    let d = decide(
                        CaptureRequest(size: .exact(best.size), rate: .atLeast(floor), format: .list([best.fourcc])),
                        table: table, transport: transport, controls: controls, alternatives: 5,
                        presetRule: "the largest size that reaches \(Explainer.fps(floor)) fps")
                    if d.outcome == .valid { return relabel(d, preset) }
                }
            }
            // Nothing reaches 24 fps: the best rate there is. When no mode reports a rate at all (a sensor
            // without intervals or blanking controls), the largest mode, with the rate said to be unknown.
            let anyRate = candidates.contains { $0.rates.fastest != nil }
            let fallback = anyRate ? Rational(1000, 1) : Rational(30000, 1001)
            return relabel(decide(CaptureRequest(rate: .atLeast(fallback)), using: table, transport: transport, controls: controls), preset)
        case .medium, .low:
            // The rate floor is part of the preset: nearest size among the modes that reach it.
            let target = preset == .medium ? Dimensions(width: 640, height: 480) : Dimensions(width: 320, height: 240)
            let floor = preset == .medium ? Rational(30000, 1001) : Rational(15, 1)
            var r = CaptureRequest(size: .nearest(target), rate: .atLeast(floor))
            r.requireRate = true
            var d = decide(r, using: table, transport: transport, controls: controls)
            if let c = d.choice, c.size.width < 160 || c.size.height < 120 {
                r.size = .atLeast(Dimensions(width: 160, height: 120))
                d = decide(r, using: table, transport: transport, controls: controls)
            }
            if d.outcome == .unsupported {  // nothing reaches the floor: the nearest size at its best rate
                r.requireRate = false
                d = decide(r, using: table, transport: transport, controls: controls)
            }
            return relabel(d, preset)
        case .p352x288, .p640x480, .p1280x720, .p1920x1080, .p3840x2160:
            let d = decide(
                CaptureRequest(size: .exact(preset.fixedSize!), rate: .atLeast(Rational(30000, 1001))), using: table, transport: transport,
                controls: controls)
            // The size is the preset; a rate below 30 is the best the camera has at that size, which the preset accepts.
            if d.changes.contains(where: { $0.field == "size" }) {
                return relabel(
                    unsupported(d, "no format offers \(preset.fixedSize!) (the nearest is \(d.choice?.summary ?? "nothing"))"), preset)
            }
            if d.outcome == .adjusted, d.changes.allSatisfy({ $0.field == "rate" }), d.choice?.frameInterval != nil {
                var v = d
                v.outcome = .valid
                v.explanation.append(
                    "The preset asks for the best rate ≥ 30 fps where possible; at this size the camera's best is \(v.choice.flatMap { $0.frameInterval?.fps }.map(formatFPS) ?? "?") fps."
                )
                v.changes = []
                return relabel(v, preset)
            }
            return relabel(d, preset)
        case .iFrame960x540, .iFrame1280x720:
            var last: Decision?
            for r in [Rational(30000, 1001), thirty, Rational(25, 1)] {
                let d = decide(
                    CaptureRequest(size: .exact(preset.fixedSize!), rate: .exact(r)), using: table, transport: transport, controls: controls
                )
                if d.outcome == .valid { return relabel(d, preset) }
                last = last ?? d
            }
            return relabel(
                unsupported(
                    last!,
                    "iFrame needs \(preset.fixedSize!) at a constant 29.97, 30 or 25 fps; the nearest is \(last!.choice?.summary ?? "nothing")"
                ), preset)
        case .photo:
            var d = decide(CaptureRequest(rate: .atLeast(Rational(1, 1000))), using: table, transport: transport, controls: controls)
            // Rate is irrelevant: re-rank by size alone (native first, then uncompressed).
            let candidates = table.modes
            if let best = candidates.max(by: { a, b in
                (a.isEmulated ? 0 : 1, a.size.area, a.isCompressed ? 0 : 1) < (b.isEmulated ? 0 : 1, b.size.area, b.isCompressed ? 0 : 1)
            }) {
                d = decide(
                    CaptureRequest(size: .exact(best.size), format: .list([best.fourcc])), table: table, transport: transport,
                    controls: controls, alternatives: 5, presetRule: "the largest size of any format")
                d.outcome = .valid
            }
            return relabel(d, preset)
        case .inputPriority:
            guard let a = node.activeFormat else {
                return Decision(
                    outcome: .unsupported, choice: nil, changes: [], reasons: ["the active format of \(node.path) is not known"],
                    alternatives: [], explanation: ["inputPriority keeps the active format, but it could not be read."],
                    candidatesConsidered: 0)
            }
            let iv = node.streamingParameters?.frameInterval
            var d = decide(
                CaptureRequest(
                    size: .exact(Dimensions(width: a.width, height: a.height)),
                    rate: iv.map { .exact($0.interval.reciprocal) }, format: .list([a.fourcc])),
                table: table, transport: transport, controls: controls, alternatives: 5, presetRule: "the active format")
            d.outcome = .valid
            d.explanation.insert("inputPriority: the active format stays as it is.", at: 0)
            return relabel(d, preset)
        }
    }

    /// The preset cannot be served: no choice, the reason, and what came nearest kept as alternatives.
    static func unsupported(_ d: Decision, _ reason: String) -> Decision {
        Decision(
            outcome: .unsupported, choice: nil, changes: [], reasons: [reason], alternatives: d.alternatives,
            // Nothing is chosen: what the request alone would choose is only the nearest.
            explanation: ["Unsupported: \(reason)."]
                + d.explanation.map { $0.hasPrefix("Chose ") ? "The nearest would be " + $0.dropFirst(6) : $0 },
            candidatesConsidered: d.candidatesConsidered)
    }

    static func relabel(_ d: Decision, _ p: SessionPreset) -> Decision {
        var d = d
        d.explanation.insert("Preset \(p.rawValue): \(p.meaning).", at: 0)
        return d
    }

    /// Whether the node can serve the preset (AVFoundation's `supportsSessionPreset`):
    /// fixed-size presets need that size; the others need any mode.
    public static func supports(_ preset: SessionPreset, node: CaptureNodeCapabilities) -> Bool {
        decide(preset: preset, for: node).outcome == .valid
    }
}

extension SessionPreset: CustomStringConvertible {
    /// The preset as it is written on the command line: "high", "1280x720", "inputPriority".
    public var description: String { rawValue }
}
