import CaptureModel

/// Values for a joint plan: per camera what it streams and what gave, per domain its load and pinned cameras, the
/// moves that would let every wish fit, and the sets of cameras whose wishes fit together. No words: the renderer's.
enum JointExplainer {
    /// One domain of the plan: its planned cameras (indices) and the cameras pinned there.
    struct Group {
        var domain: USBDomain
        var members: [Int]
        var pinned: [USBDomainOccupancy.Occupant] = []
        var pinnedDemands: [USBDemand] { pinned.map(\.demand) }

        /// Fits when `demands`, with the pinned ones, are within the rule's capacity.
        func fits(_ demands: [USBDemand]) -> Bool { domain.rule.load(pinnedDemands + demands) <= domain.rule.capacity + 1e-9 }
    }

    static func plan(cameras: [JointCamera], options: [JointOptions], picks: [Int], groups: [Group], overloaded: Set<String> = [])
        -> [JointPlan.Camera]
    {
        var out: [JointPlan.Camera] = []
        var domainOf = [String](repeating: "", count: cameras.count)
        for g in groups { for m in g.members { domainOf[m] = g.domain.key } }
        for (i, c) in cameras.enumerated() {
            let o = options[i]
            let link = c.effectiveLink
            let linkLimit = Bandwidth.transportLimit(Transport(kind: .usb, speedMbps: link.speedMbps))
            guard !o.frontier.isEmpty else {
                out.append(
                    JointPlan.Camera(
                        id: c.id, name: c.name, node: c.node.path, request: describe(c.wish), wish: nil, wishBytesPerInterval: nil,
                        wishEvidence: nil, choice: nil, noMode: o.matched > 0 ? .noSettingCarries : .nothingMatches, alt: nil,
                        bytesPerInterval: 0, payload: 0, evidence: .assumedMaximum, microseconds: 0, domain: domainOf[i], loss: 0,
                        gave: []))
                continue
            }
            let wish = o.frontier[0]
            let got = o.frontier[picks[i]]
            var choice = Negotiator.makeChoice(got.scored, transport: nil, linkLimit: linkLimit, controls: nil)
            choice.path = c.node.path  // options may be shared with an alike camera (`JointOptions.all`)
            out.append(
                JointPlan.Camera(
                    id: c.id, name: c.name, node: c.node.path, request: describe(c.wish), wish: mode(wish.scored),
                    wishBytesPerInterval: wish.bytes, wishEvidence: wish.reservation.evidence, choice: choice, noMode: nil,
                    alt: got.reservation.alt?.alt, bytesPerInterval: got.bytes, payload: got.reservation.payload,
                    evidence: got.reservation.evidence, microseconds: got.demand?.microseconds ?? 0, domain: domainOf[i],
                    loss: got.score - wish.score,
                    gave: picks[i] > 0
                        ? gave(wish.scored, got.scored, overloaded.contains(domainOf[i]) ? .domainStillOverloaded : .domainFull) : []))
        }
        return out
    }

    /// Field by field, what changed from the wish to the mode planned.
    static func gave(_ w: Negotiator.Scored, _ g: Negotiator.Scored, _ reason: JointPlan.Give.Reason) -> [JointPlan.Give] {
        var out: [JointPlan.Give] = []
        if w.mode.fourcc != g.mode.fourcc { out.append(.init(.format(from: w.mode.fourcc, to: g.mode.fourcc), reason: reason)) }
        if w.mode.size != g.mode.size { out.append(.init(.size(from: w.mode.size, to: g.mode.size), reason: reason)) }
        let wr = w.interval?.reciprocal ?? Rational(0, 1)
        let gr = g.interval?.reciprocal ?? Rational(0, 1)
        if abs(w.fps - g.fps) > 1e-6 { out.append(.init(.rate(from: wr, to: gr), reason: reason)) }
        return out
    }

    /// Each domain's load with the planned and pinned cameras.
    static func domains(cameras: [JointCamera], options: [JointOptions], picks: [Int], groups: [Group]) -> [JointPlan.Domain] {
        groups.map { g in
            let planned = g.members.compactMap { i in options[i].frontier.isEmpty ? nil : options[i].frontier[picks[i]].demand }
            let demands = g.pinnedDemands + planned
            return JointPlan.Domain(
                key: g.domain.key, rule: USBBudgetRuleInfo(g.domain.rule), note: g.domain.note, cameras: g.members.map { cameras[$0].id },
                pinned: g.pinned.map {
                    JointPlan.Pinned(
                        label: $0.label, sysfsName: $0.sysfsName, alt: $0.held.alt, bytesPerInterval: $0.held.bytesPerInterval,
                        microseconds: $0.demand.microseconds, holders: $0.holders)
                }, load: g.domain.rule.load(demands), fraction: g.domain.rule.fraction(demands),
                microseconds: demands.reduce(0) { $0 + $1.microseconds })
        }
    }

    /// For each domain whose wishes do not fit: the cameras whose move to a domain of their own would let every
    /// wish in it fit (the pinned cameras stay), or one entry without a camera when no single move does.
    static func moves(cameras: [JointCamera], options: [JointOptions], groups: [Group]) -> [JointPlan.Move] {
        var out: [JointPlan.Move] = []
        for g in groups {
            let wish = { (i: Int) in options[i].frontier.first?.demand }
            guard !g.fits(g.members.compactMap(wish)) else { continue }
            let place: JointPlan.Move.Place = g.domain.rule.scope == .rootPort ? .rootPort : .controller
            let before = out.count
            for m in g.members {
                let rest = g.members.filter { $0 != m }.compactMap(wish)
                let alone = wish(m).map { [$0] } ?? []
                if g.fits(rest), g.domain.rule.load(alone) <= g.domain.rule.capacity + 1e-9 {
                    out.append(JointPlan.Move(domain: g.domain.key, camera: cameras[m].id, to: place))
                }
            }
            if out.count == before { out.append(JointPlan.Move(domain: g.domain.key, camera: nil, to: place)) }
        }
        return out
    }

    /// The maximal sets of cameras whose wishes fit together beside the pinned ones (up to 12 cameras; more are not
    /// enumerated).
    static func multiCamSets(cameras: [JointCamera], options: [JointOptions], groups: [Group]) -> [[DeviceID]] {
        let n = cameras.count
        guard n > 0, n <= 12 else { return [] }
        var feasible: [Int] = []
        for mask in 1..<(1 << n) {
            let ok = groups.allSatisfy { g in
                g.fits(g.members.filter { mask & (1 << $0) != 0 }.compactMap { options[$0].frontier.first?.demand })
            }
            if ok { feasible.append(mask) }
        }
        let maximal = feasible.filter { m in !feasible.contains { $0 != m && $0 & m == m } }
        return maximal.sorted { $0.nonzeroBitCount > $1.nonzeroBitCount || ($0.nonzeroBitCount == $1.nonzeroBitCount && $0 < $1) }
            .map { m in (0..<n).filter { m & (1 << $0) != 0 }.map { cameras[$0].id } }
    }

    static func mode(_ s: Negotiator.Scored) -> String { "\(s.mode.fourcc) \(s.mode.size)@\(formatFPS(s.fps))" }

    static func describe(_ w: JointWish) -> String {
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
