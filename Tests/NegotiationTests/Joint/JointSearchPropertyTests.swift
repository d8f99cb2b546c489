import CaptureModel
import DeviceFixtures
import Testing

@testable import Negotiation

/// The branch and bound (objective `totalScore`) finds the plan brute force finds: over random cameras (sizes, rates, alternate settings) on
/// one EHCI bus or one Intel Panther Point root port, the lowest total score among the combinations that fit.
@Suite("Joint search against brute force")
struct JointSearchPropertyTests {
    static func randomCamera(_ r: inout SeededRandom, _ i: Int) -> JointCamera {
        let all: [(UInt32, UInt32)] = [(160, 120), (320, 240), (640, 480), (800, 600), (1280, 720), (1920, 1080)]
        var yuyv: [FrameSize] = []
        var mjpg: [FrameSize] = []
        for (w, h) in all where r.next() % 3 != 0 {
            let rates = [30, 15, 10, 5].filter { _ in r.next() % 2 == 0 }.map { UInt32($0) }
            yuyv.append(JointFixture.size(w, h, rates.isEmpty ? [5] : rates))
            if r.next() % 2 == 0 { mjpg.append(JointFixture.size(w, h, [30, 15])) }
        }
        if yuyv.isEmpty { yuyv = [JointFixture.size(160, 120, [30])] }
        let pool: [UInt16] = [0x0080, 0x0100, 0x0200, 0x0320, 0x0400, 0x0a80, 0x0b20, 0x0c00, 0x1380, 0x13fc, 0x1400]
        let packets = pool.filter { _ in r.next() % 2 == 0 }.sorted { ($0 & 0x7ff) * (1 + ($0 >> 11)) < ($1 & 0x7ff) * (1 + ($1 >> 11)) }
        let wish = JointFixture.request(
            r.pick([640, 1280, 1920]), r.pick([480, 720, 1080]), fps: r.pick([15, 30]), r.pick(["MJPG", "YUYV"]))
        return JointFixture.camera(
            "cam\(i)",
            JointFixture.link(
                "1-\(i + 1)", bus: 1, controller: JointFixture.ehci, alts: JointFixture.alts(packets.isEmpty ? [0x1400] : packets)),
            wish: wish, node: JointFixture.node("/dev/video\(i)", yuyv: yuyv, mjpg: mjpg))
    }

    func bruteForce(_ frontiers: [[JointOption]], _ rule: any USBBudgetRule) -> Double? {
        var best: Double?
        func walk(_ i: Int, _ score: Double, _ demands: [USBDemand]) {
            if i == frontiers.count {
                if rule.load(demands) <= rule.capacity + 1e-9, best.map({ score < $0 }) ?? true { best = score }
                return
            }
            for o in frontiers[i] { walk(i + 1, score + o.score, demands + (o.demand.map { [$0] } ?? [])) }
        }
        walk(0, 0, [])
        return best
    }

    @Test(arguments: [0, 1])
    func branchAndBoundIsOptimal(_ ruleIndex: Int) {
        let rule: any USBBudgetRule = ruleIndex == 0 ? EHCIBudget() : IntelSoftwareTableBudget()
        var r = SeededRandom(seed: 0x5EED_0021 + UInt64(ruleIndex))
        var compared = 0
        for _ in 0..<60 {
            let n = 2 + Int(r.next() % 3)
            let cams = (0..<n).map { Self.randomCamera(&r, $0) }
            let frontiers = cams.map { JointOptions($0).frontier }.filter { !$0.isEmpty }
            guard frontiers.count == n else { continue }
            var search = JointSearch(rule: rule, options: frontiers, objective: .totalScore)
            let (picks, fits) = search.solve()
            let brute = bruteForce(frontiers, rule)
            #expect(fits == (brute != nil))
            if let b = brute {
                #expect(abs(search.total(picks) - b) < 1e-9, "\(cams.map(\.id)): \(search.total(picks)) vs \(b)")
                #expect(rule.load(search.demands(picks)) <= rule.capacity + 1e-9)
                compared += 1
            }
        }
        #expect(compared > 20)
    }
}
