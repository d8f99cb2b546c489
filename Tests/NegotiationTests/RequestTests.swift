import CaptureModel
import Negotiation
import Testing

@Suite("Requests at the edges")
struct RequestTests {
    func decide(_ name: String, _ r: CaptureRequest, transport: Transport? = nil) throws -> Decision {
        let d = name == "stepwise-receiver" ? try Cameras.stepwiseReceiver() : try Cameras.named(name)
        let node = try #require(d.captures.first)
        return Negotiator.decide(r, for: node, transport: transport ?? d.transport, controls: node.controls)
    }

    @Test func ntscIsNotThirtyUnlessAsked() throws {
        let size = CaptureRequest.SizeRequirement.exact(Dimensions(width: 3840, height: 2160))
        let thirty = try decide("camlink-4k", CaptureRequest(size: size, rate: .exact(Rational(30, 1))))
        #expect(thirty.outcome == .adjusted)
        #expect(thirty.changes.map(\.field) == ["rate"])
        #expect(thirty.choice?.frameInterval?.interval == Rational(333667, 10_000_000))
        let ntsc = try decide("camlink-4k", CaptureRequest(size: size, rate: .exact(Rational(30000, 1001))))
        #expect(ntsc.outcome == .valid)
        #expect(ntsc.choice?.nominalFrameRate == Rational(30000, 1001))
        #expect(Rational(fpsText: "29.97") == Rational(30000, 1001))
        #expect(Rational(fpsText: "30") == Rational(30, 1))
        #expect(Rational(fpsText: "12.5") == Rational(25, 2))
        #expect(Rational(fpsText: "59.94") == Rational(60000, 1001))
        #expect(Rational(fpsText: "99999.123456") == nil)
        #expect(Rational(fpsText: "0") == nil && Rational(fpsText: "abc") == nil && Rational(fpsText: "1/0") == nil)
    }

    @Test func uvcHundredNanosecondIntervalsAreTheRateTheyName() throws {
        let r = try decide("c525", CaptureRequest(size: .exact(Dimensions(width: 1920, height: 1080)), rate: .exact(Rational(30, 1))))
        #expect(r.outcome == .valid)
        #expect(r.choice?.frameInterval?.interval == Rational(333333, 10_000_000))  // the driver's own fraction is what gets set
        #expect(r.choice?.fourcc.description == "MJPG")
        #expect(r.explanation.contains { $0.contains("Not YUYV 1920x1080 @ 5 fps: it only reaches 5 fps") })
    }

    @Test func autoExposurePriorityIsWarnedAbout() throws {
        let r = try decide("c525", CaptureRequest(size: .exact(Dimensions(width: 640, height: 480)), rate: .exact(Rational(30, 1))))
        #expect(r.choice?.warnings.contains { $0.contains("exposure_auto_priority=1") } == true)
    }

    @Test func aSizeOnlyInsideAStepwiseRange() throws {
        let onGrid = try decide("stepwise-receiver", CaptureRequest(size: .exact(Dimensions(width: 1000, height: 600))))
        #expect(onGrid.outcome == .valid && onGrid.choice?.size == Dimensions(width: 1000, height: 600))
        let offGrid = try decide("stepwise-receiver", CaptureRequest(size: .exact(Dimensions(width: 1001, height: 601))))
        #expect(offGrid.outcome == .adjusted && offGrid.changes.map(\.field) == ["size"])
    }

    @Test func duplicateModesDoNotConfuseTheEngine() throws {
        let r = try decide(
            "arducam-0c45-6366", CaptureRequest(size: .exact(Dimensions(width: 1920, height: 1080)), rate: .exact(Rational(30, 1))))
        #expect(r.outcome == .valid && r.choice?.summary == "MJPG 1920x1080 @ 30 fps")
    }

    @Test func nativeBeforeEmulatedAndNativeOnly() throws {
        // A uvcvideo node as read natively (YUYV 640x480 only), then libv4l2's emulated RGB3 beside it.
        let identity = NodeIdentity(
            driver: "uvcvideo", card: "Cam", busInfo: "usb-1", version: "6.1.0", capabilities: CapabilityFlags(rawValue: 0x8420_0001),
            deviceCaps: CapabilityFlags(rawValue: 0x0420_0001))
        let yuyv = PixelFormat(
            index: 0, fourcc: FourCC("YUYV"), description: "YUYV", bufferType: .videoCapture, flags: [],
            sizes: [.discrete(Dimensions(width: 640, height: 480), intervals: .discrete([FrameDuration(1, 30)]))])
        var node = CaptureNodeCapabilities(path: "/dev/video0", identity: identity, formats: [yuyv])
        let rgb = PixelFormat(
            index: 1, fourcc: FourCC("RGB3"), description: "RGB3", bufferType: .videoCapture, flags: .emulated,
            sizes: [
                .discrete(Dimensions(width: 640, height: 480), intervals: .discrete([FrameDuration(1, 30)])),
                .discrete(Dimensions(width: 1280, height: 720), intervals: .discrete([FrameDuration(1, 30)])),
            ])
        node.formats.append(rgb)
        let any = Negotiator.decide(CaptureRequest(size: .exact(Dimensions(width: 640, height: 480))), for: node)
        #expect(any.choice?.fourcc.description == "YUYV" && any.choice?.isEmulated == false)
        let onlyEmulated = Negotiator.decide(CaptureRequest(size: .exact(Dimensions(width: 1280, height: 720))), for: node)
        #expect(onlyEmulated.outcome == .adjusted && onlyEmulated.choice?.isEmulated == false)  // native 640x480 beats emulated 720p
        let asked = Negotiator.decide(CaptureRequest(format: .list([FourCC("RGB3")])), for: node)
        #expect(asked.choice?.isEmulated == false)  // still native first: emulation only when nothing native serves
        var emulatedOnlyNode = node
        emulatedOnlyNode.formats.removeFirst()
        let forced = Negotiator.decide(CaptureRequest(size: .exact(Dimensions(width: 1280, height: 720))), for: emulatedOnlyNode)
        #expect(forced.outcome == .valid && forced.choice?.warnings.contains { $0.contains("emulated") } == true)
        let strict = Negotiator.decide(CaptureRequest(nativeOnly: true), for: emulatedOnlyNode)
        #expect(strict.outcome == .unsupported && strict.reasons.contains { $0.contains("emulated (native only was asked)") })
    }

    @Test func nothingMatching() throws {
        let r = try decide("vivid-webcam", CaptureRequest(format: .compressed))
        #expect(r.outcome == .unsupported)
        #expect(r.reasons.contains { $0.contains("uncompressed (compressed was asked)") })
        let none = Negotiator.decide(
            CaptureRequest(),
            for: CaptureNodeCapabilities(
                path: "/dev/video9",
                identity: NodeIdentity(driver: "x", card: "x", busInfo: "x", version: "1", capabilities: [], deviceCaps: [])))
        #expect(none.outcome == .unsupported && none.reasons.first == "/dev/video9 offers no formats")
    }

    @Test func usb2BandwidthPushesLargeRawModesToMJPEG() throws {
        let usb2 = Transport(kind: "usb", speedMbps: 480)
        let r = try decide(
            "emeet-s800", CaptureRequest(size: .exact(Dimensions(width: 1920, height: 1080)), rate: .exact(Rational(60, 1))),
            transport: usb2)
        #expect(r.choice?.fourcc.description == "MJPG")
        #expect(r.explanation.contains { $0.contains("above the link's limit") })
        let usb3 = try decide(
            "emeet-s800", CaptureRequest(size: .exact(Dimensions(width: 1920, height: 1080)), rate: .exact(Rational(60, 1))))
        #expect(usb3.choice?.fourcc.description == "YUYV")  // 249 MB/s fits SuperSpeed
        let budget = try decide(
            "emeet-s800",
            CaptureRequest(
                size: .exact(Dimensions(width: 1920, height: 1080)), rate: .exact(Rational(60, 1)),
                format: .raw, bandwidthBytesPerSecond: 100_000_000))
        #expect(budget.choice.map { $0.size.area * 2 * 60 <= 100_000_000 || ($0.frameInterval?.fps ?? 0) < 60 } ?? true)
        #expect(budget.explanation.contains { $0.contains("budget") })
    }

    @Test func rangesAndAtLeast() throws {
        let range = try decide(
            "c525",
            CaptureRequest(size: .exact(Dimensions(width: 640, height: 480)), rate: .range(min: Rational(10, 1), max: Rational(20, 1))))
        #expect(range.outcome == .valid && range.choice?.nominalFrameRate == Rational(20, 1))
        let atLeast = try decide(
            "c525", CaptureRequest(size: .atLeast(Dimensions(width: 1000, height: 700)), rate: .atLeast(Rational(30, 1))))
        #expect(atLeast.outcome == .valid)
        #expect(atLeast.choice.map { $0.size.width >= 1000 && $0.size.height >= 700 } == true)
        let nearest = try decide("c525", CaptureRequest(size: .nearest(Dimensions(width: 1000, height: 700))))
        #expect(nearest.outcome == .valid)
    }
}
