import CaptureModel

/// The search inside one bandwidth domain: one option per camera, the lowest total score whose load the domain's
/// rule admits. Branch and bound over each camera's frontier (best score first, fewer bytes later), pruned by the
/// best total still reachable and by the least load the remaining cameras can add; a node budget bounds the
/// work, after which the best plan found so far (at worst the greedy one) stands.
struct JointSearch {
    let rule: any USBBudgetRule
    /// Per camera of the domain: its frontier.
    let options: [[JointOption]]
    var nodes = 0
    static let nodeBudget = 200_000

    init(rule: any USBBudgetRule, options: [[JointOption]]) {
        self.rule = rule
        self.options = options
    }

    /// Fits when the load is within the capacity.
    func fits(_ demands: [USBDemand]) -> Bool { rule.load(demands) <= rule.capacity + 1e-9 }

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
        var best = greedy()
        var bestScore = total(best)
        // Lower bounds: the best score the cameras from i on can reach, and their least demands.
        var suffixScore = [Double](repeating: 0, count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) { suffixScore[i] = suffixScore[i + 1] + options[i][0].score }
        var picks = [Int](repeating: 0, count: n)
        var chosen: [USBDemand] = []
        func leastRest(_ i: Int) -> [USBDemand] { (i..<n).compactMap { options[$0].last?.demand } }
        func dfs(_ i: Int, _ score: Double) {
            nodes += 1
            if nodes > JointSearch.nodeBudget { return }
            if score + suffixScore[i] >= bestScore - 1e-12 { return }
            if i == n {
                best = picks
                bestScore = score
                return
            }
            for (k, o) in options[i].enumerated() {
                let added = o.demand.map { chosen + [$0] } ?? chosen
                if !fits(added + leastRest(i + 1)) { continue }
                picks[i] = k
                let saved = chosen
                chosen = added
                dfs(i + 1, score + o.score)
                chosen = saved
                if nodes > JointSearch.nodeBudget { return }
            }
        }
        dfs(0, 0)
        return (best, true)
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
}
