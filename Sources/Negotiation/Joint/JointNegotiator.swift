import CaptureModel

extension Negotiator {
    /// Decides for several cameras that stream together: one plan under every bandwidth domain's budget.
    ///
    /// Each camera's options are its native modes at each rate, scored as `decide(_:for:)` scores them against its
    /// request (a preset's one-camera decision is its wish), each with the alternate setting uvcvideo would select
    /// (measured when seen, the uncompressed lower bound, or a compressed format's largest setting). Cameras are
    /// grouped by domain (`USBDomain.of`); inside each, `objective` picks among the sets of options whose load the
    /// rule admits beside the cameras already streaming there (`occupants`: fixed load, never adjusted; an occupant
    /// that is also being planned, by sysfs name, is planned, not pinned). `priority` names the cameras
    /// `priorityThenFair` favours (a nonempty set with `fair` means `priorityThenFair`). When the wishes do not fit,
    /// the plan says what gave for each camera and why, and which move would let every wish fit. Pure: no I/O.
    package static func decide(
        together cameras: [JointCamera], occupants: [USBDomainOccupancy] = [], priority: Set<DeviceID> = [],
        objective: JointObjective = .fair, nodeBudget: Int = JointSearch.nodeBudget
    ) -> JointPlan {
        let objective: JointObjective = objective == .fair && !priority.isEmpty ? .priorityThenFair : objective
        let options = JointOptions.all(cameras)
        let planned = Set(cameras.compactMap { $0.isUSB ? $0.link?.sysfsName : nil })
        var groups: [JointExplainer.Group] = []
        for (i, c) in cameras.enumerated() {
            let d = c.domain
            if let k = groups.firstIndex(where: { $0.domain.key == d.key }) {
                groups[k].members.append(i)
            } else {
                let pinned = occupants.filter { $0.domain.key == d.key }.flatMap(\.occupants).filter { !planned.contains($0.sysfsName) }
                groups.append(JointExplainer.Group(domain: d, members: [i], pinned: pinned))
            }
        }
        var picks = [Int](repeating: 0, count: cameras.count)
        var domainFits = [Bool](repeating: true, count: groups.count)
        var budgetHit = false
        for (k, g) in groups.enumerated() {
            let members = g.members.filter { !options[$0].frontier.isEmpty }
            var search = JointSearch(
                rule: g.domain.rule, options: members.map { options[$0].frontier }, pinned: g.pinnedDemands, objective: objective,
                favoured: members.map { priority.contains(cameras[$0].id) }, nodeBudget: nodeBudget)
            let (p, ok) = search.solve()
            for (j, m) in members.enumerated() { picks[m] = p[j] }
            domainFits[k] = ok
            budgetHit = budgetHit || search.budgetHit
        }
        let overloaded = Set(groups.indices.filter { !domainFits[$0] }.map { groups[$0].domain.key })
        let planCameras = JointExplainer.plan(cameras: cameras, options: options, picks: picks, groups: groups, overloaded: overloaded)
        let domains = JointExplainer.domains(cameras: cameras, options: options, picks: picks, groups: groups)
        let cost = domains.map(\.fraction).max() ?? 0
        let fits = domainFits.allSatisfy { $0 } && cost <= 1 + 1e-9
        return JointPlan(
            objective: objective, priority: cameras.map(\.id).filter { objective == .priorityThenFair && priority.contains($0) },
            cameras: planCameras, domains: domains, hardwareCost: cost,
            wishFits: fits && planCameras.allSatisfy { $0.choice != nil && $0.gave.isEmpty && $0.loss == 0 }, fits: fits,
            budgetHit: budgetHit, moves: JointExplainer.moves(cameras: cameras, options: options, groups: groups),
            multiCamSets: JointExplainer.multiCamSets(cameras: cameras, options: options, groups: groups),
            busNotRead: cameras.filter { $0.link == nil && $0.isUSB }.map(\.id),
            candidatesConsidered: options.reduce(0) { $0 + $1.considered })
    }
}
