import CaptureModel
import Foundation
import Testing

@testable import Negotiation

/// Cameras already streaming (`USBDomainOccupancy`) are fixed load in their domain, listed as pinned and never
/// adjusted; one that is also being planned is planned, not pinned.
@Suite("Joint plans: pinned occupants, typed plan")
struct JointPinnedTests {
    typealias F = JointFixture

    /// One camera on 1-1 asking YUYV 640x480 at 30: 2392 B → alt 6 of `JointFixture.common` (3 × 1024 B, 61 µs).
    static func planned() -> [JointCamera] {
        [F.camera("1-1", F.link("1-1", bus: 1, controller: F.ehci, alts: F.common), wish: F.request(640, 480, fps: 30, "YUYV"))]
    }

    /// A camera on `name` holding alt 5 of `JointFixture.common` (2 × 1024 B, 41 µs), opened by ffmpeg.
    static func occupancy(_ name: String, bus: Int = 1) -> USBDomainOccupancy {
        let link = F.link(name, bus: bus, controller: F.ehci, alts: F.common)
        let holder = NodeHolder(pid: 4242, commandLine: "ffmpeg -f v4l2 -i /dev/video6")
        return USBDomainOccupancy(
            domain: USBDomain.of(link),
            occupants: [.init(label: "/dev/video6", sysfsName: name, held: F.common[5], speedMbps: 480, holders: [holder])])
    }

    @Test func anOccupantIsFixedLoadAndListed() {
        // Alone the wish fits: 61 µs.
        #expect(Negotiator.decide(together: Self.planned()).wishFits)
        let plan = Negotiator.decide(together: Self.planned(), occupants: [Self.occupancy("1-3")])
        // Beside 41 µs pinned, 61 more do not fit: the planned camera gives (640x480 at 15: 1240 B → alt 5, 41 µs),
        // the pinned one does not.
        #expect(!plan.wishFits && plan.fits)
        let d = plan.domains[0]
        #expect(d.pinned.map(\.label) == ["/dev/video6"] && d.pinned[0].alt == 5 && d.pinned[0].microseconds == 41)
        #expect(d.pinned[0].holders.map(\.pid) == [4242])
        #expect(d.microseconds == 82)
        #expect(d.cameras == [DeviceID("1-1")])
        #expect(plan.cameras[0].gave.map(\.field) == [.rate] && plan.cameras[0].gave[0].reason == .domainFull)
        // The sets count the pinned camera too: the wish does not fit beside it.
        #expect(F.sets(plan).isEmpty)
    }

    @Test func anOccupantBeingPlannedIsNotPinned() {
        let plan = Negotiator.decide(together: Self.planned(), occupants: [Self.occupancy("1-1")])
        #expect(plan.wishFits && plan.domains[0].pinned.isEmpty)
    }

    @Test func anOccupantElsewhereDoesNotCount() {
        let plan = Negotiator.decide(together: Self.planned(), occupants: [Self.occupancy("2-1", bus: 2)])
        #expect(plan.wishFits && plan.domains.allSatisfy { $0.pinned.isEmpty })
    }

    @Test func whatGaveIsTypedAndRoundTrips() throws {
        let cams = ["a", "b"].map {
            F.camera(
                $0, F.link("1-\($0 == "a" ? 1 : 2)", bus: 1, controller: F.ehci, alts: F.logitech),
                wish: F.request(1280, 720, fps: 30, "MJPG"))
        }
        let plan = Negotiator.decide(together: cams)
        let gave = plan.cameras.flatMap(\.gave)
        #expect(!gave.isEmpty)
        for c in plan.cameras {
            for g in c.gave {
                switch g.change {
                case .format(let from, let to): #expect(from == FourCC("MJPG") && to == c.choice?.fourcc)
                case .size(let from, let to): #expect(from == Dimensions(width: 1280, height: 720) && to == c.choice?.size)
                case .rate(let from, let to): #expect(from == Rational(30, 1) && to == c.choice?.frameRate)
                }
            }
        }
        let data = try JSONEncoder().encode(plan)
        let back = try JSONDecoder().decode(JointPlan.self, from: data)
        #expect(back.cameras.map(\.gave) == plan.cameras.map(\.gave))
        #expect(back.cameras.map(\.id) == [DeviceID("a"), DeviceID("b")] && back.objective == .fair && back.schemaVersion == 2)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"field\":\"") && text.contains("\"reason\":\"domainFull\""))
    }

    @Test func evidenceIsWordedInOnePlace() {
        #expect(
            [ReservationEvidence.measured, .computedLowerBound, .assumedMaximum].map(\.words) == [
                "measured", "computed lower bound", "assumed maximum",
            ])
    }
}
