import CaptureModel
import DeviceFixtures
import Testing

@testable import Negotiation

/// The fair objective (the default): the worst camera's loss as small as possible, then the total; identical
/// cameras with identical wishes take one mode whenever an equal split fits.
@Suite("Joint plans: fair objective")
struct JointFairnessTests {
    typealias F = JointFixture

    /// A Logitech C920's sizes as `ffmpeg -list_formats all` prints them (YUYV and MJPEG; public listing at
    /// https://mras2an.webnode.fr/embedded-linux/commandes-utiles/v4l/). Its rates are not in that listing: assumed
    /// 30 fps down to 5 for every MJPEG size, and for YUYV capped as uncompressed USB 2.0 allows (24 fps at 800x600,
    /// 10 at 1280x720, 5 at 1920x1080, 2 above).
    static func c920(_ path: String) -> CaptureNodeCapabilities {
        let sizes: [(UInt32, UInt32, UInt32)] = [
            (640, 480, 30), (160, 90, 30), (160, 120, 30), (176, 144, 30), (320, 180, 30), (320, 240, 30), (352, 288, 30),
            (432, 240, 30), (640, 360, 30), (800, 448, 24), (800, 600, 24), (864, 480, 24), (960, 720, 15), (1024, 576, 15),
            (1280, 720, 10), (1600, 896, 5), (1920, 1080, 5), (2304, 1296, 2), (2304, 1536, 2),
        ]
        let all: [UInt32] = [30, 24, 20, 15, 10, 5, 2]
        let yuyv = sizes.map { (w, h, top) in F.size(w, h, all.filter { r in r <= top && (r >= 5 || top == 2) }) }
        let mjpg = sizes.filter { $0.0 <= 1920 }.map { F.size($0.0, $0.1, [30, 24, 20, 15, 10, 5]) }
        return F.node(path, yuyv: yuyv, mjpg: mjpg)
    }

    /// Two C920s on one EHCI bus (the B990's alternate settings, the C920's family: 192 B … 3 × 1020 B).
    static func twoC920s(_ wish: JointWish) -> [JointCamera] {
        (1...2).map { i in
            F.camera(
                "c920-\(i)", F.link("1-\(i)", bus: 1, controller: F.ehci, alts: F.logitech), wish: wish, node: c920("/dev/video\(2 * i)"))
        }
    }

    static func modes(_ p: JointPlan) -> [String] { p.cameras.map { $0.choice?.summary ?? "-" } }

    // The case: two C920s asked for MJPG 1920x1080 at 30. Each wish takes alt 11 (3060 B, 61 µs): 122 µs do
    // not fit in 100. The total-score plan keeps one wish and drops the other to YUYV 1280x720 at 5 (1600 B, 32 µs);
    // the fair plan gives both that mode (64 µs). (The one-camera score ranks 1280x720 at 5 above 800x600 at 15 for
    // this wish, so the mode both share is 1280x720 at 5, not the example 800x600 at 15.)
    @Test func twoC920sAskingForMJPEG1080pGetEqualModes() {
        let cams = Self.twoC920s(F.request(1920, 1080, fps: 30, "MJPG"))
        let plan = Negotiator.decide(together: cams)
        #expect(plan.objective == .fair && plan.fits && !plan.wishFits && !plan.budgetHit)
        #expect(Self.modes(plan) == ["YUYV 1280x720 @ 5 fps", "YUYV 1280x720 @ 5 fps"])
        #expect(plan.cameras[0].loss == plan.cameras[1].loss && plan.domains[0].microseconds == 64)
        // The two are weighed once (`JointOptions.all`); each choice names its own node.
        #expect(plan.cameras.map { $0.choice?.path } == ["/dev/video2", "/dev/video4"])
        let sum = Negotiator.decide(together: cams, objective: .totalScore)
        #expect(sum.objective == .totalScore)
        #expect(Set(Self.modes(sum)) == ["YUYV 1280x720 @ 5 fps", "MJPG 1920x1080 @ 30 fps"])
        #expect(plan.cameras.map(\.loss).max()! <= sum.cameras.map(\.loss).max()!)
    }

    /// All combinations of options that fit, by brute force.
    static func fitting(_ frontiers: [[JointOption]], _ rule: any USBBudgetRule, _ body: ([Int]) -> Void) {
        var picks = [Int](repeating: 0, count: frontiers.count)
        func walk(_ i: Int) {
            if i == frontiers.count {
                let d = picks.enumerated().compactMap { frontiers[$0.offset][$0.element].demand }
                if rule.load(d) <= rule.capacity + 1e-9 { body(picks) }
                return
            }
            for k in frontiers[i].indices {
                picks[i] = k
                walk(i + 1)
            }
        }
        walk(0)
    }

    // Property: over seeded random configurations (C920 or random nodes, random wishes, random settings, 2–4
    // identical cameras on one EHCI bus), whenever an equal split fits the plan gives every camera one mode, and its
    // worst loss is the least brute force finds.
    @Test func identicalCamerasGetEqualModesWheneverAnEqualSplitFits() {
        var r = SeededRandom(seed: 0xFA1_2024)
        var equalSplits = 0
        var adjusted = 0
        for round in 0..<80 {
            let n = 2 + Int(r.next() % 3)
            var one = JointSearchPropertyTests.randomCamera(&r, 0)
            if round % 3 == 0 { one.node = Self.c920("/dev/video0") }
            let cams = (0..<n).map { i in
                var c = one
                c.id = DeviceID("cam\(i)")
                c.name = "cam\(i)"
                c.link?.sysfsName = "1-\(i + 1)"
                c.link?.devpath = "\(i + 1)"
                return c
            }
            let frontier = JointOptions(cams[0]).frontier
            guard !frontier.isEmpty else { continue }
            let rule = EHCIBudget()
            let equal = frontier.indices.first { k in
                rule.load(frontier[k].demand.map { [USBDemand](repeating: $0, count: n) } ?? []) <= rule.capacity + 1e-9
            }
            let plan = Negotiator.decide(together: cams)
            guard let k = equal else {
                #expect(!plan.fits)
                continue
            }
            equalSplits += 1
            if !plan.wishFits { adjusted += 1 }
            #expect(plan.fits)
            #expect(Set(Self.modes(plan)).count == 1, "round \(round): \(Self.modes(plan))")
            #expect(plan.cameras.allSatisfy { abs($0.loss - (frontier[k].score - frontier[0].score)) < 1e-9 })
            // No fitting combination has a smaller worst loss.
            var least = Double.infinity
            Self.fitting([[JointOption]](repeating: frontier, count: n), rule) { p in
                least = min(least, p.map { frontier[$0].score - frontier[0].score }.max()!)
            }
            #expect(abs(plan.cameras.map(\.loss).max()! - least) < 1e-9)
        }
        #expect(equalSplits > 20 && adjusted > 10, "\(equalSplits) equal splits, \(adjusted) adjusted")
    }

    // Over random unlike cameras the fair plan's worst loss is brute force's least, and its total is the least among
    // plans with that worst loss when no two cameras are alike.
    @Test(arguments: [0, 1])
    func fairSearchIsLexicographicallyOptimal(_ ruleIndex: Int) {
        let rule: any USBBudgetRule = ruleIndex == 0 ? EHCIBudget() : IntelSoftwareTableBudget()
        var r = SeededRandom(seed: 0xFA1_0001 + UInt64(ruleIndex))
        var compared = 0
        for _ in 0..<60 {
            let n = 2 + Int(r.next() % 3)
            let frontiers = (0..<n).map { JointOptions(JointSearchPropertyTests.randomCamera(&r, $0)).frontier }
            guard frontiers.allSatisfy({ !$0.isEmpty }) else { continue }
            var search = JointSearch(rule: rule, options: frontiers)
            guard search.alikeGroups().count == n else { continue }
            let (picks, fits) = search.solve()
            var best: (worst: Double, total: Double)?
            Self.fitting(frontiers, rule) { p in
                let worst = search.worstLoss(p)
                let total = search.total(p)
                if let b = best, worst > b.worst + 1e-9 || (abs(worst - b.worst) <= 1e-9 && total >= b.total - 1e-9) { return }
                best = (worst, total)
            }
            #expect(fits == (best != nil))
            guard let b = best else { continue }
            #expect(abs(search.worstLoss(picks) - b.worst) < 1e-9)
            #expect(abs(search.total(picks) - b.total) < 1e-9)
            compared += 1
        }
        #expect(compared > 20)
    }

    // `priority`: the favoured camera's loss is the least any fitting plan gives it, and the plan names the objective
    // and the camera.
    @Test func priorityFavoursTheNamedCamera() {
        let cams = Self.twoC920s(F.request(1920, 1080, fps: 30, "MJPG"))
        let favoured = DeviceID("c920-2")
        let plan = Negotiator.decide(together: cams, priority: [favoured])
        #expect(plan.objective == .priorityThenFair && plan.priority == [favoured])
        let fair = Negotiator.decide(together: cams)
        #expect(plan.cameras[1].loss < fair.cameras[1].loss)
        #expect(plan.cameras[1].loss <= plan.cameras[0].loss)
        let frontiers = cams.map { JointOptions($0).frontier }
        var least = Double.infinity
        Self.fitting(frontiers, EHCIBudget()) { p in least = min(least, frontiers[1][p[1]].score - frontiers[1][0].score) }
        #expect(abs(plan.cameras[1].loss - least) < 1e-9)
        #expect(plan.fits)
    }

    // The node budget: a search cut short says so, and still returns a plan that fits.
    @Test func aSearchThatHitsItsNodeBudgetSaysSo() {
        var r = SeededRandom(seed: 0xB0D6E7)
        let cams = (0..<4).map { JointSearchPropertyTests.randomCamera(&r, $0) }
        let full = Negotiator.decide(together: cams)
        #expect(!full.budgetHit && full.fits && !full.wishFits)
        let cut = Negotiator.decide(together: cams, nodeBudget: 1)
        #expect(cut.budgetHit && cut.fits)
        #expect(cut.domains[0].fraction <= 1 + 1e-9)
    }
}
