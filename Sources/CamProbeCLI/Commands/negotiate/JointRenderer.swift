import CamProbe
import Negotiation

/// A joint plan as text: the verdict, one row per camera, one line per domain, then moves, sets and notes.
enum JointRenderer {
    static func render(_ p: JointPlan, request: String) {
        let cost = "hardware cost \(percent(p.hardwareCost))"
        let verdict =
            p.wishFits
            ? "FITS  every camera gets its wish (\(cost))"
            : p.fits
                ? Terminal.yellow("ADJUSTED") + "  the wishes do not fit together; this plan does (\(cost))"
                : Terminal.yellow("DOES NOT FIT") + "  no set of modes fits (\(cost)); see the moves below"
        print("Request:  \(request), \(p.cameras.count) camera\(p.cameras.count == 1 ? "" : "s") together")
        print("Plan:     " + verdict)
        print("")
        var t = TextTable(header: ["CAMERA", "MODE", "ALT", "BYTES/µFRAME", "EVIDENCE", "µs", "DOMAIN", "GAVE"])
        for c in p.cameras {
            t.rows.append([
                c.name, c.choice?.summary ?? "-", c.alt.map(String.init) ?? "-", String(c.bytesPerInterval), evidence(c.evidence),
                String(c.microseconds), c.domain, c.gave.isEmpty ? "-" : c.gave.joined(separator: ", "),
            ])
        }
        print(t.render())
        print("")
        print("Domains:")
        for d in p.domains {
            let load =
                d.rule.unit.hasPrefix("µs")
                ? "\(Int(d.load)) of \(Int(d.rule.capacity)) \(d.rule.unit)"
                : "\(Int(d.load)) of \(Int(d.rule.capacity)) \(d.rule.unit) (\(d.microseconds) µs)"
            let tag = d.fraction > 1 + 1e-9 ? Terminal.yellow(" OVER") : ""
            print("  \(d.key): \(percent(d.fraction))\(tag)  \(load)  [\(d.rule.family)]")
            print("    rule: " + d.rule.kernelSource)
        }
        let reasons = p.cameras.flatMap { c in c.reasons.map { "\(c.name): \($0)" } }
        if !reasons.isEmpty {
            print("")
            print("Why:")
            for r in reasons { print("  " + r) }
        }
        if !p.moves.isEmpty {
            print("")
            print("Moves:")
            for m in p.moves { print("  " + m) }
        }
        if p.multiCamSets.count > 1 || p.multiCamSets.first?.count != p.cameras.count {
            print("")
            print("Cameras whose wishes fit together:")
            for s in p.multiCamSets { print("  " + s.joined(separator: " + ")) }
        }
        if !p.notes.isEmpty {
            print("")
            print("Notes:")
            for n in p.notes { print("  " + n) }
        }
    }

    static func percent(_ f: Double) -> String { f.isFinite ? "\(Int((f * 100).rounded())) %" : "∞" }

    static func evidence(_ e: ReservationEvidence) -> String {
        switch e {
        case .measured: "measured"
        case .computedLowerBound: "lower bound"
        case .assumedMaximum: "assumed max"
        }
    }
}
