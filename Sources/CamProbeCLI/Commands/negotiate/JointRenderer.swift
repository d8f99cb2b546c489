import CamProbe
import Negotiation

/// A joint plan as text: the verdict and objective, one row per camera, one line per domain (with the cameras pinned
/// there), then why, moves, sets and assumptions. The only place a plan's values become sentences.
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
        print("Goal:     " + objective(p))
        print("")
        var t = TextTable(header: ["CAMERA", "MODE", "ALT", "BYTES/µFRAME", "EVIDENCE", "µs", "DOMAIN", "GAVE"])
        for c in p.cameras {
            t.rows.append([
                c.name, c.choice?.summary ?? "-", c.alt.map(String.init) ?? "-", String(c.bytesPerInterval),
                c.choice == nil ? "-" : c.evidence.words, String(c.microseconds), c.domain, c.gave.isEmpty ? "-" : gave(c.gave),
            ])
        }
        print(t.render())
        print("")
        print("Domains:")
        for d in p.domains {
            let load =
                d.unit.hasPrefix("µs")
                ? "\(Int(d.load)) of \(Int(d.capacity)) \(d.unit)"
                : "\(Int(d.load)) of \(Int(d.capacity)) \(d.unit) (\(d.microseconds) µs)"
            let tag = d.fraction > 1 + 1e-9 ? Terminal.yellow(" OVER") : ""
            print("  \(d.key): \(percent(d.fraction))\(tag)  \(load)  [\(d.family)]")
            print("    rule: " + d.kernelSource)
            for o in d.pinned {
                let who =
                    o.holders.isEmpty ? "holder not read" : o.holders.map { "pid \($0.pid) \($0.commandLine)" }.joined(separator: ", ")
                print("    pinned (streaming now, not planned): \(o.label) alt \(o.alt), \(o.microseconds) µs — \(who)")
            }
        }
        let reasons = p.cameras.flatMap { c in why(c).map { "\(c.name): \($0)" } }
        if !reasons.isEmpty {
            print("")
            print("Why:")
            for r in reasons { print("  " + r) }
        }
        if !p.moves.isEmpty {
            print("")
            print("Moves:")
            for m in p.moves { print("  " + move(m, p)) }
        }
        if p.multiCamSets.count > 1 || p.multiCamSets.first?.count != p.cameras.count {
            print("")
            print("Cameras whose wishes fit together:")
            for s in p.multiCamSets { print("  " + s.map { name($0, p) }.joined(separator: " + ")) }
        }
        let notes = self.notes(p)
        if !notes.isEmpty {
            print("")
            print("Notes:")
            for n in notes { print("  " + n) }
        }
    }

    /// The objective in words.
    static func objective(_ p: JointPlan) -> String {
        switch p.objective {
        case .fair: "fair: the worst-off camera as well off as possible, then the total; alike cameras alike"
        case .priorityThenFair:
            "priority: " + p.priority.map { name($0, p) }.joined(separator: ", ")
                + " as well off as possible first, then the others fairly, then the total"
        case .totalScore: "total score: the lowest sum, however uneven"
        }
    }

    /// "format MJPG → YUYV, size 1920x1080 → 800x600, rate 30 → 15 fps".
    static func gave(_ gives: [JointPlan.Give]) -> String {
        gives.map { g in
            switch g.change {
            case .format(let a, let b): "format \(a) → \(b)"
            case .size(let a, let b): "size \(a) → \(b)"
            case .rate(let a, let b): "rate \(fps(a)) → \(fps(b)) fps"
            }
        }.joined(separator: ", ")
    }

    static func fps(_ r: Rational) -> String { formatFPS(r.doubleValue ?? 0) }

    /// Why a camera has what it has, in sentences.
    static func why(_ c: JointPlan.Camera) -> [String] {
        var out: [String] = []
        if let n = c.noMode {
            switch n {
            case .nothingMatches: out.append("no native mode matches the request")
            case .noSettingCarries: out.append("no native mode can stream: no alternate setting carries any mode")
            }
            return out
        }
        if let reason = c.gave.first?.reason, let wish = c.wish, let choice = c.choice {
            let domain =
                switch reason {
                case .domainFull: "so that \(c.domain) fits"
                case .domainStillOverloaded: "its smallest reservation, and \(c.domain) still does not fit"
                }
            let wishBytes = c.wishBytesPerInterval.map { "\($0) B per µframe" } ?? "?"
            out.append(
                "\(wish) reserves \(wishBytes) (\(c.wishEvidence?.words ?? "unknown")); \(choice.summary) reserves "
                    + "\(c.alt.map { "alt \($0), " } ?? "")\(c.bytesPerInterval) B per µframe (\(c.evidence.words)), \(domain)")
            if c.wishEvidence == .assumedMaximum {
                out.append(
                    "a compressed format is assumed to take the camera's largest alternate setting whatever its size or rate "
                        + "(nothing measured for this camera)")
            }
        }
        if c.evidence == .computedLowerBound && c.bytesPerInterval > 0 {
            out.append("\(c.choice?.summary ?? "its mode"): \(c.payload) B per interval is a lower bound; the camera may ask more")
        }
        return out
    }

    static func move(_ m: JointPlan.Move, _ p: JointPlan) -> String {
        let place = m.to == .rootPort ? "another root port" : "another controller (bus)"
        guard let id = m.camera else {
            return "\(m.domain): no single move lets every wish fit; spread the cameras over more root ports or controllers"
        }
        return "moving \(name(id, p)) (\(id)) to \(place) lets every camera on \(m.domain) keep its wish"
    }

    /// The assumptions the plan rests on.
    static func notes(_ p: JointPlan) -> [String] {
        var out = p.domains.compactMap { d in d.note.map { "\(d.key): \($0)" } }
        if !p.busNotRead.isEmpty {
            out.append(
                "bus not read for " + p.busNotRead.map { name($0, p) }.joined(separator: ", ")
                    + ": assumed to share one USB 2.0 high-speed budget, without descriptors (reservations are estimates)")
        }
        if p.budgetHit {
            out.append("the search stopped at its node budget: this plan fits, but a better one may exist")
        }
        return out
    }

    static func name(_ id: DeviceID, _ p: JointPlan) -> String { p.cameras.first { $0.id == id }?.name ?? id.rawValue }

    static func percent(_ f: Double) -> String { f.isFinite ? "\(Int((f * 100).rounded())) %" : "∞" }
}
