import CaptureModel

/// The search inside one bandwidth domain: one option per camera, under the domain's rule with the pinned
/// cameras' load fixed, best by the objective.
///
/// `fair`: a camera's loss is its option's score above its wish's. The least worst loss is found first, by
/// bisection over the losses offered: with every camera held to a loss ≤ t, the cheapest option each may take is
/// its last one (a frontier's bytes fall as its scores rise, and a rule's load never rises when a demand falls), so
/// t is feasible exactly when those fit, and feasibility only grows with t. `priorityThenFair` does this for the
/// favoured cameras first (the others at their least), then for the others. Under those thresholds, cameras alike
/// (equal frontiers, same class) take one option together (the threshold plan already treats them alike), and the
/// lowest total score wins: branch and bound over the groups, pruned by the best total still reachable and by the
/// least load the remaining groups can add. `totalScore` is that branch and bound alone, camera by camera. A node
/// budget bounds the work; after it the best plan found so far stands (at worst the threshold or greedy one), and
/// `budgetHit` says so.
struct JointSearch {
    let rule: any USBBudgetRule
    /// Per camera of the domain: its frontier.
    let options: [[JointOption]]
    /// Demands of cameras streaming there now, not planned: fixed.
    let pinned: [USBDemand]
    let objective: JointObjective
    /// Per camera: favoured (`priorityThenFair`).
    let favoured: [Bool]
    let nodeBudget: Int
    var nodes = 0
    /// True when the branch and bound stopped at `nodeBudget`.
    var budgetHit = false
    static let nodeBudget = 200_000

    init(
        rule: any USBBudgetRule, options: [[JointOption]], pinned: [USBDemand] = [], objective: JointObjective = .fair,
        favoured: [Bool]? = nil, nodeBudget: Int = JointSearch.nodeBudget
    ) {
        self.rule = rule
        self.options = options
        self.pinned = pinned
        self.objective = objective
        self.favoured = favoured ?? [Bool](repeating: false, count: options.count)
        self.nodeBudget = nodeBudget
    }

    /// Fits when the load, pinned cameras included, is within the capacity.
    func fits(_ demands: [USBDemand]) -> Bool { rule.load(pinned + demands) <= rule.capacity + 1e-9 }

    /// A camera's loss at option `k`.
    func loss(_ i: Int, _ k: Int) -> Double { options[i][k].score - options[i][0].score }

    /// The chosen index per camera, and whether it fits.
    mutating func solve() -> (picks: [Int], fits: Bool) {
        let n = options.count
        guard n > 0 else { return ([], true) }
        // Every camera at its wish.
        let wish = [Int](repeating: 0, count: n)
        if fits(demands(wish)) { return (wish, true) }
        // Every camera at its smallest reservation: if even that does not fit, nothing does.
        let least = options.map { $0.count - 1 }
        guard fits(demands(least)) else { return (least, false) }
        if objective == .totalScore {
            let groups = (0..<n).map { [$0] }
            return (branchAndBound(groups: groups, allowed: options.map(\.count), start: greedy()), true)
        }
        let allowed = thresholds()
        let start = allowed.map { $0 - 1 }
        return (branchAndBound(groups: alikeGroups(), allowed: allowed, start: start), true)
    }

    /// Per camera, how many of its options (best first) the least worst loss admits: favoured cameras first.
    func thresholds() -> [Int] {
        var allowed = options.map(\.count)
        let classes: [[Int]] =
            objective == .priorityThenFair
            ? [options.indices.filter { favoured[$0] }, options.indices.filter { !favoured[$0] }] : [Array(options.indices)]
        for cls in classes where !cls.isEmpty {
            let losses = Set(cls.flatMap { i in (0..<allowed[i]).map { loss(i, $0) } }).sorted()
            func admitted(_ t: Double) -> [Int] {
                var a = allowed
                for i in cls { a[i] = (0..<allowed[i]).last { loss(i, $0) <= t + 1e-9 }.map { $0 + 1 } ?? 1 }
                return a
            }
            // The smallest feasible threshold; the largest (every option) is feasible, as `least` fits.
            var lo = 0
            var hi = losses.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                let a = admitted(losses[mid])
                if fits(demands(a.map { $0 - 1 })) { hi = mid } else { lo = mid + 1 }
            }
            allowed = admitted(losses[lo])
        }
        return allowed
    }

    /// Cameras with equal frontiers (scores and demands) and the same class, grouped in order of first member.
    func alikeGroups() -> [[Int]] {
        var groups: [[Int]] = []
        for i in options.indices {
            if let g = groups.firstIndex(where: { alike($0[0], i) }) { groups[g].append(i) } else { groups.append([i]) }
        }
        return groups
    }

    func alike(_ a: Int, _ b: Int) -> Bool {
        guard favoured[a] == favoured[b], options[a].count == options[b].count else { return false }
        return zip(options[a], options[b]).allSatisfy { $0.score == $1.score && $0.demand == $1.demand }
    }

    /// The lowest total score with each group at one option among its first `allowed`, starting from `start` (which
    /// fits).
    mutating func branchAndBound(groups: [[Int]], allowed: [Int], start: [Int]) -> [Int] {
        let g = groups.count
        var best = start
        var bestScore = total(start)
        // Per group: its frontier (the first member's), admitted prefix; the suffix bounds.
        let leader = groups.map { $0[0] }
        let size = groups.map { Double($0.count) }
        var suffixScore = [Double](repeating: 0, count: g + 1)
        var suffixLeast = [[USBDemand]](repeating: [], count: g + 1)
        for j in stride(from: g - 1, through: 0, by: -1) {
            let l = leader[j]
            suffixScore[j] = suffixScore[j + 1] + size[j] * options[l][0].score
            let d = options[l][allowed[l] - 1].demand.map { [USBDemand](repeating: $0, count: groups[j].count) } ?? []
            suffixLeast[j] = d + suffixLeast[j + 1]
        }
        var picks = start
        var chosen: [USBDemand] = []
        func dfs(_ j: Int, _ score: Double) {
            nodes += 1
            if nodes > nodeBudget {
                budgetHit = true
                return
            }
            if score + suffixScore[j] >= bestScore - 1e-12 { return }
            if j == g {
                best = picks
                bestScore = score
                return
            }
            let l = leader[j]
            for k in 0..<allowed[l] {
                let o = options[l][k]
                let added = o.demand.map { chosen + [USBDemand](repeating: $0, count: groups[j].count) } ?? chosen
                if !fits(added + suffixLeast[j + 1]) { continue }
                for m in groups[j] { picks[m] = k }
                let saved = chosen
                chosen = added
                dfs(j + 1, score + size[j] * o.score)
                chosen = saved
                if budgetHit { return }
            }
        }
        dfs(0, 0)
        return best
    }

    /// Steps down the camera whose next option costs the least score per µs saved until the domain fits.
    func greedy() -> [Int] {
        var picks = [Int](repeating: 0, count: options.count)
        while !fits(demands(picks)) {
            var pick: (camera: Int, ratio: Double)?
            for (i, o) in options.enumerated() where picks[i] + 1 < o.count {
                let now = o[picks[i]]
                let next = o[picks[i] + 1]
                let saved = Double(max(1, (now.demand?.microseconds ?? 0) - (next.demand?.microseconds ?? 0)))
                let ratio = (next.score - now.score) / saved
                if pick.map({ ratio < $0.ratio }) ?? true { pick = (i, ratio) }
            }
            guard let p = pick else { break }
            picks[p.camera] += 1
        }
        return picks
    }

    func demands(_ picks: [Int]) -> [USBDemand] { picks.enumerated().compactMap { options[$0.offset][$0.element].demand } }
    func total(_ picks: [Int]) -> Double { picks.enumerated().reduce(0) { $0 + options[$1.offset][$1.element].score } }
    /// The worst loss of `picks` among the cameras `which` admits.
    func worstLoss(_ picks: [Int], _ which: (Int) -> Bool = { _ in true }) -> Double {
        picks.indices.filter(which).map { loss($0, picks[$0]) }.max() ?? 0
    }
}
