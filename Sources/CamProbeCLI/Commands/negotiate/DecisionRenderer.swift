import CamProbe
import Negotiation
import SensorPipelines

/// A decision as text.
enum DecisionRenderer {
    static func render(_ d: Decision, device: Device, node: CaptureNodeCapabilities, request: String, explain: Bool) {
        print(Terminal.bold(device.name) + "  \(device.id)  \(node.path)")
        print("Request:  \(request)")
        switch d.outcome {
        case .unsupported:
            print("Decision: " + Terminal.yellow("UNSUPPORTED") + " — " + d.reasons.joined(separator: "; "))
        case .valid, .adjusted:
            guard let c = d.choice else { return }
            let tag = d.outcome == .valid ? "VALID" : Terminal.yellow("ADJUSTED")
            let iv = c.frameInterval.map { " (interval \($0.interval) s)" } ?? ""
            print("Decision: \(tag)  \(c.summary)\(iv)  \(c.formatDescription)\(c.isEmulated ? " [emulated]" : "")")
            for ch in d.changes { print("  changed \(ch.field): \(ch.requested) → \(ch.chosen) — \(ch.reason)") }
            for w in c.warnings { print("  " + Terminal.yellow("warning: ") + w) }
        }
        guard explain else { return }
        // An UNSUPPORTED decision's reason is on the Decision line already: said once.
        let why =
            d.outcome == .unsupported
            ? d.explanation.filter { !$0.hasPrefix("Nothing can be chosen: ") && !$0.hasPrefix("Unsupported: ") } : d.explanation
        if !why.isEmpty {
            print("")
            print("Why:")
            for line in why { print("  " + line) }
        }
        if !d.alternatives.isEmpty {
            print("")
            print("Ranking (\(d.candidatesConsidered) modes considered; lower score is better):")
            var t = TextTable(header: ["#", "MODE", "RATES AT THIS SIZE", "SCORE", "NOTE"])
            for (i, a) in d.alternatives.enumerated() {
                let rates =
                    a.choice.fastestInterval.flatMap(\.fps).map { f in
                        let slow = a.choice.slowestInterval?.fps.map(formatFPS) ?? "?"
                        return "\(slow)–\(formatFPS(f)) fps"
                    } ?? "-"
                t.rows.append(["\(i + 1)", a.choice.summary, rates, String(Double(Int(a.score * 100)) / 100), a.note])
            }
            print(t.render())
        }
    }

    /// What the bus said: the cameras already streaming in the domain and whether the wish fits beside them.
    static func renderBus(_ v: BusVerdict) {
        let unit = v.shortUnit
        let with = { (load: Double?) in load.map { " (\(BusVerdict.figure($0)) of \(BusVerdict.figure(v.capacity)) \(unit) with it)" } ?? ""
        }
        if v.wishFits {
            print("Bus:      \(v.wish ?? "the choice") fits beside what streams\(with(v.loadWithWish)): \(v.sentence)")
        } else {
            print(
                "Bus:      " + Terminal.yellow("\(v.wish ?? "the one-camera choice") does not fit\(with(v.loadWithWish))")
                    + ": \(v.sentence)")
            if let c = v.chosen { print("          \(c) fits beside them\(with(v.loadWithChoice))") }
        }
        for o in v.occupants {
            let who = o.holders.isEmpty ? "holder not known" : o.holders.map { "pid \($0.pid) (\($0.commandLine))" }.joined(separator: ", ")
            print("          \(o.label): alt \(o.held.alt), \(o.held.bytesPerInterval) B per interval, \(o.demand.microseconds) µs, \(who)")
        }
    }

    /// The pipeline a media-controller choice needs, and how to set it with other tools.
    static func renderPipeline(_ p: SensorPipelineSetup) {
        print("Pipeline: sensor \(p.sensorCode)/\(p.size) → \(p.capturePath) \(p.fourcc)")
        for pad in p.plan.pads { print("  " + pad.description) }
        for o in p.otherCaptures {
            print("  \(o.path) \(o.fourcc?.description ?? "?") \(o.size) (on the same graph: its link is validated too)")
        }
        print("Set it with:")
        for c in p.commands { StandardOutput.line("  " + c) }  // commands to copy: never wrapped
        if let c = p.libcamera { print("  " + c + "   # libcamera") }
        if let g = p.gstreamer { print("  " + g) }
    }
}
