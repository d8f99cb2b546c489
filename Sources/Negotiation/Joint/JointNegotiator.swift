import CaptureModel

extension Negotiator {
    /// Decides for several cameras that stream together: one plan under every bandwidth domain's budget.
    ///
    /// Each camera's options are its native modes at each rate, scored as `decide(_:for:)` scores them against its
    /// request (a preset's one-camera decision is its wish), each with the alternate setting uvcvideo would select
    /// (measured when seen, the uncompressed lower bound, or a compressed format's largest setting). Cameras are
    /// grouped by domain (`USBDomain.of`); inside each, the lowest total score whose load the rule admits wins.
    /// When the wishes do not fit, the plan says what gave for each camera and why, and which move to another root
    /// port would let every wish fit. Pure: no I/O.
    package static func decide(together cameras: [JointCamera]) -> JointPlan {
        let options = cameras.map(JointOptions.init)
        var domains: [(domain: USBDomain, members: [Int])] = []
        for (i, c) in cameras.enumerated() {
            let d = c.domain
            if let k = domains.firstIndex(where: { $0.domain.key == d.key }) {
                domains[k].members.append(i)
            } else {
                domains.append((d, [i]))
            }
        }
        var picks = [Int](repeating: 0, count: cameras.count)
        var domainFits = [Bool](repeating: true, count: domains.count)
        for (k, d) in domains.enumerated() {
            let members = d.members.filter { !options[$0].frontier.isEmpty }
            var search = JointSearch(rule: d.domain.rule, options: members.map { options[$0].frontier })
            let (p, ok) = search.solve()
            for (j, m) in members.enumerated() { picks[m] = p[j] }
            domainFits[k] = ok
        }
        let overloaded = Set(domains.indices.filter { !domainFits[$0] }.map { domains[$0].domain.key })
        var plan = JointExplainer.plan(cameras: cameras, options: options, picks: picks, domains: domains, overloaded: overloaded)
        plan.moves = JointExplainer.moves(cameras: cameras, options: options, domains: domains)
        plan.multiCamSets = JointExplainer.multiCamSets(cameras: cameras, options: options, domains: domains)
        if cameras.contains(where: { $0.link == nil && $0.isUSB }) {
            plan.notes.append(
                "bus not read for " + cameras.filter { $0.link == nil && $0.isUSB }.map(\.name).joined(separator: ", ")
                    + ": assumed to share one USB 2.0 high-speed budget, without descriptors (reservations are estimates)")
        }
        plan.fits = domainFits.allSatisfy { $0 } && plan.hardwareCost <= 1 + 1e-9
        return plan
    }
}
