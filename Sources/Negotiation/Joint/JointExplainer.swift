import CaptureModel

/// Words and figures for a joint plan: per camera what it streams and what gave, per domain its load, the moves
/// that would let every wish fit, and the sets of cameras whose wishes fit together.
enum JointExplainer {
    typealias Domains = [(domain: USBDomain, members: [Int])]

    static func plan(cameras: [JointCamera], options: [JointOptions], picks: [Int], domains: Domains, overloaded: Set<String> = [])
        -> JointPlan
    {
        var out: [JointPlan.Camera] = []
        var notes: [String] = []
        var domainOf = [String](repeating: "", count: cameras.count)
        for d in domains { for m in d.members { domainOf[m] = d.domain.key } }
        for (i, c) in cameras.enumerated() {
            let o = options[i]
            let link = c.effectiveLink
            let linkLimit = Bandwidth.transportLimit(Transport(kind: .usb, speedMbps: link.speedMbps))
            guard !o.frontier.isEmpty else {
                out.append(
                    JointPlan.Camera(
                        id: c.id, name: c.name, node: c.node.path, request: describe(c.wish), wish: nil, choice: nil, alt: nil,
                        bytesPerInterval: 0, evidence: .assumedMaximum, microseconds: 0, domain: domainOf[i], gave: [],
                        reasons: ["no native mode can stream: " + (o.decision?.reasons.first ?? "no alternate setting carries any mode")]))
                continue
            }
            let wish = o.frontier[0]
            let got = o.frontier[picks[i]]
            let choice = Negotiator.makeChoice(got.scored, transport: nil, linkLimit: linkLimit, controls: nil)
            var gave: [String] = []
            var reasons: [String] = []
            if picks[i] > 0 {
                let w = wish.scored
                let g = got.scored
                if w.mode.fourcc != g.mode.fourcc { gave.append("format \(w.mode.fourcc) → \(g.mode.fourcc)") }
                if w.mode.size != g.mode.size { gave.append("size \(w.mode.size) → \(g.mode.size)") }
                if abs(w.fps - g.fps) > 1e-6 { gave.append("rate \(formatFPS(w.fps)) → \(formatFPS(g.fps)) fps") }
                let why =
                    overloaded.contains(domainOf[i])
                    ? "its smallest reservation, and \(domainOf[i]) still does not fit" : "so that \(domainOf[i]) fits"
                reasons.append("\(mode(w)) reserves \(reserve(wish.reservation)); \(mode(g)) reserves \(reserve(got.reservation)), \(why)")
                if w.mode.isCompressed && wish.reservation.evidence == .assumedMaximum {
                    reasons.append(
                        "a compressed format is assumed to take the camera's largest alternate setting whatever its size or rate "
                            + "(nothing measured for this camera)")
                }
            }
            if got.reservation.evidence == .computedLowerBound && got.bytes > 0 {
                reasons.append("\(mode(got.scored)): \(got.reservation.payload) B per interval is a lower bound; the camera may ask more")
            }
            out.append(
                JointPlan.Camera(
                    id: c.id, name: c.name, node: c.node.path, request: describe(c.wish), wish: mode(wish.scored), choice: choice,
                    alt: got.reservation.alt?.alt, bytesPerInterval: got.bytes, evidence: got.reservation.evidence,
                    microseconds: got.demand?.microseconds ?? 0, domain: domainOf[i], gave: gave, reasons: reasons))
        }
        var loads: [JointPlan.Domain] = []
        for d in domains {
            let demands = d.members.compactMap { i in options[i].frontier.isEmpty ? nil : options[i].frontier[picks[i]].demand }
            let load = d.domain.rule.load(demands)
            if let n = d.domain.note { notes.append("\(d.domain.key): \(n)") }
            loads.append(
                JointPlan.Domain(
                    key: d.domain.key, rule: USBBudgetRuleInfo(d.domain.rule), note: d.domain.note,
                    cameras: d.members.map { cameras[$0].id }, load: load, fraction: d.domain.rule.fraction(demands),
                    microseconds: demands.reduce(0) { $0 + $1.microseconds }))
        }
        let cost = loads.map(\.fraction).max() ?? 0
        let wishFits = picks.allSatisfy { $0 == 0 } && cost <= 1 + 1e-9
        return JointPlan(
            cameras: out, domains: loads, hardwareCost: cost, wishFits: wishFits, fits: cost <= 1 + 1e-9, moves: [],
            multiCamSets: [], notes: notes, candidatesConsidered: options.reduce(0) { $0 + $1.considered })
    }

    /// For each domain whose wishes do not fit: the cameras whose move to a domain of their own would let every
    /// wish in it fit.
    static func moves(cameras: [JointCamera], options: [JointOptions], domains: Domains) -> [String] {
        var out: [String] = []
        for d in domains {
            let wish = { (i: Int) in options[i].frontier.first?.demand }
            let all = d.members.compactMap(wish)
            guard d.domain.rule.load(all) > d.domain.rule.capacity + 1e-9 else { continue }
            let place = d.domain.rule.scope == .rootPort ? "another root port" : "another controller (bus)"
            let before = out.count
            for m in d.members {
                let rest = d.members.filter { $0 != m }.compactMap(wish)
                let alone = wish(m).map { [$0] } ?? []
                if d.domain.rule.load(rest) <= d.domain.rule.capacity + 1e-9, d.domain.rule.load(alone) <= d.domain.rule.capacity + 1e-9 {
                    out.append(
                        "moving \(cameras[m].name) (\(cameras[m].id)) to \(place) lets every camera on \(d.domain.key) keep its wish")
                }
            }
            if out.count == before {
                out.append("\(d.domain.key): no single move lets every wish fit; spread the cameras over more root ports or controllers")
            }
        }
        return out
    }

    /// The maximal sets of cameras whose wishes fit together (up to 12 cameras; more are not enumerated).
    static func multiCamSets(cameras: [JointCamera], options: [JointOptions], domains: Domains) -> [[String]] {
        let n = cameras.count
        guard n > 0, n <= 12 else { return [] }
        var feasible: [Int] = []
        for mask in 1..<(1 << n) {
            let ok = domains.allSatisfy { d in
                let demands = d.members.filter { mask & (1 << $0) != 0 }.compactMap { options[$0].frontier.first?.demand }
                return d.domain.rule.load(demands) <= d.domain.rule.capacity + 1e-9
            }
            if ok { feasible.append(mask) }
        }
        let maximal = feasible.filter { m in !feasible.contains { $0 != m && $0 & m == m } }
        return maximal.sorted { $0.nonzeroBitCount > $1.nonzeroBitCount || ($0.nonzeroBitCount == $1.nonzeroBitCount && $0 < $1) }
            .map { m in (0..<n).filter { m & (1 << $0) != 0 }.map { cameras[$0].id } }
    }

    static func mode(_ s: Negotiator.Scored) -> String { "\(s.mode.fourcc) \(s.mode.size)@\(formatFPS(s.fps))" }

    static func reserve(_ r: USBReservation) -> String {
        let alt = r.alt.map { "alt \($0.alt), " } ?? ""
        let why: String =
            switch r.evidence {
            case .measured: "measured"
            case .computedLowerBound: "computed lower bound"
            case .assumedMaximum: "assumed maximum"
            }
        return "\(alt)\(r.bytes) B per µframe (\(why))"
    }

    static func describe(_ w: JointCamera.Wish) -> String {
        switch w {
        case .preset(let p): return "preset \(p.rawValue)"
        case .request(let r):
            var parts: [String] = []
            switch r.size {
            case .exact(let d): parts.append("\(d)")
            case .atLeast(let d): parts.append("≥ \(d)")
            case .nearest(let d): parts.append("~\(d)")
            case nil: break
            }
            switch r.rate {
            case .exact(let f): parts.append("\(Explainer.fps(f)) fps")
            case .atLeast(let f): parts.append("≥ \(Explainer.fps(f)) fps")
            case .range(let a, let b): parts.append("\(Explainer.fps(a))–\(Explainer.fps(b)) fps")
            case nil: break
            }
            if case .list(let l) = r.format { parts.append(l.map(\.description).joined(separator: "/")) }
            return parts.isEmpty ? "the best mode" : parts.joined(separator: ", ")
        }
    }
}
