import CaptureModel
import Negotiation
import Testing

@Suite("Session presets on real cameras")
struct PresetTests {
    static let cases: [(String, SessionPreset)] = (Cameras.fixtureNames + Cameras.profileNames).flatMap { n in
        SessionPreset.allCases.map { (n, $0) }
    }

    static func device(_ name: String) throws -> Device {
        try Cameras.named(name)
    }

    /// Every preset on every camera: a decision that obeys the preset's own definition.
    @Test(arguments: cases)
    func everyPresetOnEveryCamera(name: String, preset: SessionPreset) throws {
        let d = try Self.device(name)
        guard let node = d.captures.first(where: { !$0.formats.isEmpty }) else { return }
        let decision = Negotiator.decide(preset: preset, for: node, transport: d.transport, controls: node.controls)
        #expect(decision.explanation.first?.hasPrefix("Preset \(preset.rawValue)") == true)
        guard let c = decision.choice else {
            #expect(decision.outcome == .unsupported && !decision.reasons.isEmpty)
            return
        }
        // The choice is an advertised mode with an advertised rate.
        let f = try #require(node.formats.first { $0.fourcc == c.fourcc && $0.sizes.contains { $0.contains(c.size) } })
        #expect(!f.sizes.isEmpty)
        if let iv = c.frameInterval {
            let offers = f.sizes.filter { $0.contains(c.size) }.map(Self.offer)
            #expect(offers.contains { $0.contains(iv.interval) })
        }
        if let size = preset.fixedSizeForTests, decision.outcome == .valid { #expect(c.size == size) }
        if let signal = SourceSignal.of(node) {
            // A digital-video input delivers what its source sends (anHDMIInputOffersWhatItsSourceSends).
            #expect(c.size == signal.size)
        } else if preset == .photo {
            let largest = node.formats.filter { !$0.isEmulated }.flatMap(\.sizes).map(\.largest.area).max() ?? 0
            #expect(c.size.area == largest)
        }
        if preset == .high, SourceSignal.of(node) == nil, decision.outcome == .valid, let fps = c.frameInterval?.fps, fps >= 29.97 {
            // No larger size reaches 29.97 fps.
            let bigger = node.formats.filter { !$0.isEmulated }.flatMap { f in
                f.sizes.map { ($0.largest, Self.offer($0).fastest?.reciprocalValue ?? 0) }
            }
            .filter { $0.0.area > c.size.area && $0.1 >= 29.97 }
            #expect(bigger.isEmpty, "\(bigger)")
        }
        if preset == .inputPriority, let a = node.activeFormat {
            #expect(c.fourcc == a.fourcc && c.size.width == a.width && c.size.height == a.height)
        }
    }

    static func offer(_ s: FrameSize) -> RateOffer {
        switch s {
        case .discrete(_, let iv): RateOffer(intervals: iv)
        case .stepwise(_, _, _, let a, let b), .continuous(_, _, let a, let b):
            // Either end's offer, whichever the engine may have used.
            RateOffer(intervals: a).fastest.flatMap { _ in RateOffer(intervals: a) } ?? RateOffer(intervals: b)
        }
    }

    @Test func c525PresetsAsAUserWouldExpect() throws {
        let d = try Cameras.named("c525")
        let node = d.captures[0]
        func pick(_ p: SessionPreset) -> String {
            Negotiator.decide(preset: p, for: node, transport: d.transport).choice?.summary ?? "unsupported"
        }
        #expect(pick(.high) == "MJPG 1920x1080 @ 30 fps")
        #expect(pick(.p1920x1080) == "MJPG 1920x1080 @ 30 fps")  // YUYV reaches 5 fps there on USB 2.0
        #expect(pick(.p640x480) == "YUYV 640x480 @ 30 fps")  // raw when raw reaches the rate
        #expect(pick(.medium) == "YUYV 640x480 @ 30 fps")
        #expect(pick(.low) == "YUYV 320x240 @ 30 fps")
        #expect(pick(.p3840x2160) == "unsupported")
        #expect(Negotiator.supports(.p1280x720, node: node))
        #expect(!Negotiator.supports(.p3840x2160, node: node))
    }

    @Test func vividWebcamPresets() throws {
        let d = try Cameras.named("vivid-webcam")
        let node = d.captures[0]
        func pick(_ p: SessionPreset) -> String {
            Negotiator.decide(preset: p, for: node, transport: d.transport).choice?.summary ?? "unsupported"
        }
        #expect(pick(.high) == "YUYV 640x360 @ 40 fps")  // 640x480 tops out at 25 fps
        #expect(pick(.medium) == "YUYV 640x360 @ 40 fps")  // nearest to 640x480 among modes reaching 30
        #expect(pick(.p1280x720) == "YUYV 1280x720 @ 12.5 fps")  // the size is the preset; 12.5 is vivid's best there
        #expect(pick(.p352x288) == "unsupported")
        #expect(pick(.iFrame1280x720) == "unsupported")
    }

    /// On the HDMI input with a signal the source decides: 1280x720 at 60 fps, whatever the receiver's ranges reach.
    @Test func anHDMIInputOffersWhatItsSourceSends() throws {
        let d = try Cameras.named("vivid-multiplanar-hdmi")
        let node = d.captures[0]
        let high = Negotiator.decide(preset: .high, for: node, transport: d.transport)
        #expect(high.choice?.size == Dimensions(width: 1280, height: 720) && high.choice?.frameInterval?.nominalFPS == 60)
        #expect(high.explanation.contains("HDMI 0 receives 1280x720 at 60 fps from its source (DV timings): only that is offered."))
        #expect(Negotiator.decide(preset: .p1280x720, for: node, transport: d.transport).outcome == .valid)
        let fullHD = Negotiator.decide(preset: .p1920x1080, for: node, transport: d.transport)
        #expect(fullHD.outcome == .unsupported && fullHD.reasons.first?.contains("no format offers 1920x1080") == true)
        let photo = Negotiator.decide(preset: .photo, for: node, transport: d.transport)
        #expect(photo.choice?.size == Dimensions(width: 1280, height: 720))
    }

    @Test func stepwiseRangeServesFixedSizePresets() throws {
        let d = try Cameras.stepwiseReceiver()
        let node = d.captures[0]
        for p in [SessionPreset.p352x288, .p1280x720, .p1920x1080] {
            let c = try #require(Negotiator.decide(preset: p, for: node, transport: d.transport).choice)
            #expect(c.size == p.fixedSizeForTests)
            #expect(c.bufferType == .videoCaptureMultiplanar)
        }
    }
}

extension SessionPreset {
    var fixedSizeForTests: Dimensions? {
        guard let d = Dimensions(parsing: rawValue.hasPrefix("iFrame") ? String(rawValue.dropFirst(6)) : rawValue) else { return nil }
        return d
    }
}
