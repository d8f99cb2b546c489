import CaptureModel
import Testing

@testable import Negotiation

@Suite("Joint negotiation")
struct JointNegotiatorTests {
    typealias F = JointFixture

    @Test func wishesThatFitAreKept() {
        let a = F.camera("a", F.link("1-1", bus: 1, controller: F.ehci, alts: F.logitech), wish: F.request(320, 240, fps: 30, "YUYV"))
        let b = F.camera("b", F.link("1-2", bus: 1, controller: F.ehci, alts: F.logitech), wish: F.request(320, 240, fps: 30, "YUYV"))
        let plan = Negotiator.decide(together: [a, b])
        #expect(plan.wishFits && plan.fits)
        #expect(plan.cameras.allSatisfy { $0.gave.isEmpty })
        // 320x240 YUYV at 30 fps: at least 1024 B (uvc_fixup_video_ctrl's floor) → alt 7 (1280 B), 26 µs each.
        #expect(plan.cameras.map(\.alt) == [7, 7])
        #expect(plan.domains.count == 1 && plan.domains[0].microseconds == 52)
        #expect(abs(plan.hardwareCost - 0.52) < 1e-9)
        #expect(F.sets(plan) == [["a", "b"]])
    }

    @Test func twoMJPEGWishesOnOneEHCIGiveWayWithReasons() {
        let a = F.camera("a", F.link("1-1", bus: 1, controller: F.ehci, alts: F.logitech), wish: F.request(1280, 720, fps: 30, "MJPG"))
        let b = F.camera("b", F.link("1-2", bus: 1, controller: F.ehci, alts: F.logitech), wish: F.request(1280, 720, fps: 30, "MJPG"))
        // Each MJPEG wish takes alt 11 (3060 B, assumed maximum): 61 + 61 = 122 µs > 100. The total score keeps one
        // wish; the fair plan (the default) gives both cameras one mode.
        let sum = Negotiator.decide(together: [a, b], objective: .totalScore)
        #expect(sum.cameras.filter { !$0.gave.isEmpty }.count == 1)
        let plan = Negotiator.decide(together: [a, b])
        #expect(!plan.wishFits)
        #expect(plan.fits && plan.hardwareCost <= 1)
        let gave = plan.cameras.filter { !$0.gave.isEmpty }
        #expect(gave.count == 2 && plan.cameras[0].choice?.summary == plan.cameras[1].choice?.summary)
        #expect(gave.first?.wishEvidence == .assumedMaximum)
        #expect(gave.first?.gave.allSatisfy { $0.reason == .domainFull } == true)
        #expect(plan.domains[0].microseconds <= 100)
        #expect(F.sets(plan) == [["a"], ["b"]])
        // EHCI is one budget per controller: another root port would not help, another controller would.
        #expect(plan.moves.contains { $0.to == .controller && $0.camera != nil })
    }

    @Test func xhciRootPortsAreSeparateDomainsAndAMoveIsSuggested() {
        let hub = USBHub(sysfsName: "3-1", tt: .multi)
        let a = F.camera(
            "a", F.link("3-1.1", bus: 3, controller: F.xhci, alts: F.logitech, hubs: [hub]), wish: F.request(1920, 1080, fps: 30, "MJPG"))
        let b = F.camera(
            "b", F.link("3-1.2", bus: 3, controller: F.xhci, alts: F.logitech, hubs: [hub]), wish: F.request(1920, 1080, fps: 30, "MJPG"))
        let c = F.camera("c", F.link("3-2", bus: 3, controller: F.xhci, alts: F.logitech), wish: F.request(1920, 1080, fps: 30, "MJPG"))
        let plan = Negotiator.decide(together: [a, b, c])
        #expect(Set(plan.domains.map(\.key)) == ["bus 3 port 1", "bus 3 port 2"])
        #expect(!plan.wishFits)
        #expect(plan.moves.contains { $0.camera == DeviceID("a") && $0.to == .rootPort })
        #expect(plan.multiCamSets.first?.count == 2)
        #expect(F.sets(plan).contains(["a", "c"]) && F.sets(plan).contains(["b", "c"]))
    }

    @Test func measuredReservationsWin() {
        // Measured: this camera held alt 3 (512 B) for MJPG 1280x720 at 30 fps.
        let key = JointCamera.modeKey(FourCC("MJPG"), Dimensions(width: 1280, height: 720), fps: 30)
        let a = F.camera(
            "a", F.link("1-1", bus: 1, controller: F.ehci, alts: F.logitech), wish: F.request(1280, 720, fps: 30, "MJPG"),
            measured: [key: 3])
        let b = F.camera(
            "b", F.link("1-2", bus: 1, controller: F.ehci, alts: F.logitech), wish: F.request(1280, 720, fps: 30, "MJPG"),
            measured: [key: 3])
        let plan = Negotiator.decide(together: [a, b])
        #expect(plan.wishFits)
        #expect(plan.cameras.map(\.evidence) == [.measured, .measured])
        #expect(plan.cameras.map(\.bytesPerInterval) == [512, 512])
    }

    @Test func unknownControllerSaysWhichRuleItUsed() {
        let a = F.camera(
            "a", F.link("1-1", bus: 1, controller: USBController(driver: "musb-hdrc"), alts: F.logitech), wish: .preset(.medium))
        let plan = Negotiator.decide(together: [a])
        #expect(plan.domains[0].note?.contains("unknown controller (musb-hdrc)") == true)
        #expect(plan.domains[0].note?.contains("USB 2.0 rule") == true)
    }

    @Test func camerasWithoutABusModelShareOneAssumedBudget() {
        let a = F.camera("a", nil, wish: .preset(.high))
        let b = F.camera("b", nil, wish: .preset(.high))
        let plan = Negotiator.decide(together: [a, b])
        #expect(plan.domains.count == 1)
        #expect(plan.busNotRead == [DeviceID("a"), DeviceID("b")])
        #expect(plan.fits)
    }
}
