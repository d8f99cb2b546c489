import CaptureModel
import Negotiation
import Testing

/// One camera decided beside what already streams in its bandwidth domain (P24 item 1): an EHCI bus (100 µs per
/// microframe) where another camera holds the Logitech B990's largest setting, 3 × 1020 = 3060 B (61 µs), so 39 µs
/// are left.
@Suite struct BesideBusTests {
    static let link = JointFixture.link("1-2", bus: 1, controller: JointFixture.ehci, alts: JointFixture.logitech)
    static let largest = JointFixture.logitech.last!
    static let smallest = JointFixture.logitech[1]

    static let device = Device(
        id: DeviceID("usb-cam-b"), name: "Camera B", modelID: "046d:0000", transport: Transport(kind: .usb, speedMbps: 480),
        identity: DeviceIdentity(busInfo: "usb-0000:00:1a.0-2", driver: "uvcvideo", physicalPath: "/sys/devices/x/usb1/1-2"),
        nodes: [DeviceNode(role: .capture, path: "/dev/video2")], captures: [JointFixture.webcam("/dev/video2")])

    static func occupied(_ held: [USBStreamingAlt]) -> BusContext {
        let occupants = held.enumerated().map { i, alt in
            USBDomainOccupancy.Occupant(
                label: "/dev/video\(i * 2)", sysfsName: "1-\(i + 3)", held: alt, speedMbps: 480,
                holders: [NodeHolder(pid: Int32(812 + i), commandLine: i == 0 ? "/usr/bin/ffmpeg -f v4l2 -i /dev/video0" : "ustreamer")])
        }
        return BusContext(link: link, occupancy: USBDomainOccupancy(domain: USBDomain.of(link), occupants: occupants))
    }

    static let wish = CaptureRequest(
        size: .exact(Dimensions(width: 1920, height: 1080)), rate: .atLeast(Rational(30, 1)), format: .list([FourCC("MJPG")]))

    static func decide(_ bus: BusContext, _ request: CaptureRequest = wish) -> (decision: DeviceDecision, bus: BusVerdict?) {
        Negotiator.decide(device, beside: bus) { Negotiator.decide(request, across: $0) }
    }

    @Test func nothingStreamingLeavesTheDecisionAsItIs() {
        let (d, v) = Self.decide(Self.occupied([]))
        #expect(v == nil)
        #expect(d == Negotiator.decide(Self.wish, across: Self.device))
        #expect(d.decision.outcome == .valid)
    }

    @Test func aWishThatFitsBesideIsValidAndSaysSo() throws {
        // 384 B (0x0180) held: 10 µs; MJPG takes the largest setting (assumed, nothing measured): 61 µs, 71 in all.
        let (d, v) = Self.decide(Self.occupied([Self.smallest]))
        let verdict = try #require(v)
        #expect(d.decision.outcome == .valid)
        #expect(d.decision.choice?.summary == Negotiator.decide(Self.wish, across: Self.device).decision.choice?.summary)
        #expect(verdict.wishFits)
        #expect(verdict.loadWithWish == verdict.taken + 61)
        #expect(d.decision.explanation.last?.hasPrefix("It fits beside what streams: bus 1 has") == true)
    }

    @Test func aWishThatDoesNotFitIsAdjustedWithTheBusAsTheReason() throws {
        let (d, v) = Self.decide(Self.occupied([Self.largest]))
        let verdict = try #require(v)
        #expect(!verdict.wishFits)
        #expect(verdict.taken == 61)
        #expect(verdict.sentence == "bus 1 has 39 of 100 µs left: 1 camera streams there (ffmpeg pid 812)")
        #expect(d.decision.outcome == .adjusted)
        let choice = try #require(d.decision.choice)
        // Every compressed mode takes the largest setting: only uncompressed ones fit, at a rate whose payload fits 39 µs.
        #expect(!choice.isCompressed)
        #expect(try #require(verdict.loadWithChoice) <= 100)
        #expect(d.decision.changes.contains { $0.reason.contains("does not fit beside what streams: bus 1 has 39 of 100 µs left") })
    }

    @Test func twoOccupantsAreNamedWithTheirHolders() throws {
        let (_, v) = Self.decide(Self.occupied([Self.smallest, Self.smallest]))
        let verdict = try #require(v)
        #expect(verdict.occupantsText == "2 cameras stream there (ffmpeg pid 812; ustreamer pid 813)")
    }

    @Test func aFullDomainLeavesNothing() throws {
        // 61 + 61 µs held: more than the budget already; no mode of B fits (the least any takes is 1024 B).
        let (d, v) = Self.decide(Self.occupied([Self.largest, Self.largest]))
        #expect(d.decision.outcome == .unsupported)
        #expect(d.decision.reasons.first?.hasPrefix("no mode fits beside what streams: bus 1 has 0 of 100 µs left") == true)
        #expect(try #require(v).chosen == nil)
    }

    @Test func theChoiceAlwaysFitsBesideTheOccupants() {
        // Whatever is held, a chosen mode's reservation plus the occupants' is within the budget.
        for held in JointFixture.logitech where held.endpoint != nil {
            for request in [Self.wish, CaptureRequest(size: .exact(Dimensions(width: 640, height: 480)), rate: .atLeast(Rational(30, 1)))] {
                let (d, v) = Self.decide(Self.occupied([held]), request)
                guard d.decision.choice != nil, let v else { continue }
                #expect((v.loadWithChoice ?? 0) <= 100, "held \(held.summary): \(d.decision)")
            }
        }
    }
}
