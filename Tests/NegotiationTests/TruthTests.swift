import CaptureModel
import Negotiation
import Testing

/// Negotiation says only true things: "at least" is a floor, and every reason
/// names the constraint that really excluded a mode.
@Suite("Negotiation says only true things")
struct TruthTests {
    /// A mode: fourcc, size and the rates it offers there.
    typealias Mode = (fourcc: String, width: UInt32, height: UInt32, fps: [UInt32])

    /// A node from hand-made modes; MJPG and H264 are compressed, formats listed in first-seen order.
    static func node(_ modes: [Mode]) -> CaptureNodeCapabilities {
        var order: [String] = []
        for m in modes where !order.contains(m.fourcc) { order.append(m.fourcc) }
        let formats = order.enumerated().map { i, f in
            PixelFormat(
                index: UInt32(i), fourcc: FourCC(f)!, description: f, bufferType: .videoCapture,
                flags: ["MJPG", "H264"].contains(f) ? FormatFlags.compressed : FormatFlags(),
                sizes: modes.filter { $0.fourcc == f }.map { m in
                    .discrete(
                        Dimensions(width: m.width, height: m.height), intervals: .discrete(m.fps.map { FrameDuration(1, $0) }))
                })
        }
        return CaptureNodeCapabilities(
            path: "/dev/video0",
            identity: NodeIdentity(
                driver: "uvcvideo", card: "hand-made", busInfo: "usb-1", version: "6.1.0", capabilities: [],
                deviceCaps: [.videoCapture]), formats: formats)
    }

    static let uhd = Dimensions(width: 3840, height: 2160)
    static let fhd = Dimensions(width: 1920, height: 1080)

    func reason(_ d: Decision, _ field: String) -> String { d.changes.first { $0.field == field }?.reason ?? "" }

    @Test func atLeastNeverReturnsASmallerSize() {
        let node = Self.node([("YUYV", 640, 480, [30]), ("MJPG", 1920, 1080, [30]), ("MJPG", 1280, 720, [60])])
        let none = Negotiator.decide(CaptureRequest(size: .atLeast(Self.uhd), rate: .exact(Rational(30, 1))), for: node)
        #expect(none.outcome == .unsupported && none.choice == nil)
        #expect(none.reasons == ["no mode is at least 3840x2160; the largest is 1920x1080"])
        let some = Negotiator.decide(CaptureRequest(size: .atLeast(Dimensions(width: 1280, height: 720))), for: node)
        #expect(some.outcome == .valid)
        #expect((some.choice?.size.width ?? 0) >= 1280 && (some.choice?.size.height ?? 0) >= 720)
        #expect(some.explanation.contains("Excluded 1 mode: smaller than 1280x720."))
        // Other exclusions are named too, not hidden behind the size.
        let raw = Negotiator.decide(CaptureRequest(size: .atLeast(Self.fhd), format: .raw), for: node)
        #expect(raw.outcome == .unsupported)
        #expect(raw.reasons.contains("1 mode smaller than 1920x1080 (the largest is 640x480)"))
        #expect(raw.reasons.contains("2 modes compressed (raw was asked)"))
    }

    @Test func aSizeOnlyCompressedFormatsOfferIsSaidToBeExcludedByRaw() {
        let node = Self.node([("YUYV", 1920, 1080, [30]), ("MJPG", 3840, 2160, [30]), ("H264", 3840, 2160, [30])])
        let d = Negotiator.decide(CaptureRequest(size: .exact(Self.uhd), rate: .exact(Rational(30, 1)), format: .raw), for: node)
        #expect(d.outcome == .adjusted && d.choice?.size == Self.fhd)
        let why = reason(d, "size")
        #expect(!why.contains("no format offers"), "\(why)")
        #expect(why.hasPrefix("only MJPG and H264 offer 3840x2160, and they were excluded: compressed (raw was asked)"), "\(why)")
        #expect(why.hasSuffix("1920x1080 is the nearest that reaches 30 fps (discrete)"), "\(why)")
    }

    @Test func theNearestSizeIsSaidToReachTheRateOnlyWhenItDoes() {
        let slow = Self.node([("YUYV", 1920, 1080, [5]), ("YUYV", 640, 480, [5])])
        let d = Negotiator.decide(CaptureRequest(size: .exact(Self.uhd), rate: .exact(Rational(30, 1))), for: slow)
        #expect(d.outcome == .adjusted)
        #expect(reason(d, "size") == "no format offers 3840x2160; 1920x1080 is the nearest (discrete)")
        #expect(reason(d, "rate") == "YUYV 1920x1080 offers 5 fps")
        // The size exists but only too slowly: that is the reason, not that no format offers it.
        let tooSlow = Self.node([("YUYV", 3840, 2160, [2]), ("MJPG", 1920, 1080, [30])])
        let t = Negotiator.decide(CaptureRequest(size: .exact(Self.uhd), rate: .exact(Rational(30, 1))), for: tooSlow)
        #expect(t.choice?.size == Self.fhd)
        #expect(reason(t, "size") == "YUYV 3840x2160 offers 2 fps, not 30 fps; 1920x1080 is the nearest that reaches 30 fps (discrete)")
    }

    @Test func noRateRequestedIsNotCalledTheRequestedRate() {
        let node = Self.node([("MJPG", 1920, 1080, [30])])
        let d = Negotiator.decide(CaptureRequest(size: .exact(Self.uhd)), for: node)
        #expect(d.outcome == .adjusted)
        #expect(reason(d, "size") == "no format offers 3840x2160; 1920x1080 is the nearest (discrete)")
        #expect(!d.changes.contains { $0.reason.contains("requested rate") })
        let shape = Negotiator.decide(CaptureRequest(aspectRatio: Rational(4, 3)), for: node)
        #expect(reason(shape, "size") == "no mode has that shape")
    }

    @Test func aFormatTheCameraDoesNotHaveIsSaidSo() {
        let node = Self.node([("YUYV", 1920, 1080, [5]), ("MJPG", 1920, 1080, [30])])
        let size = CaptureRequest.SizeRequirement.exact(Self.fhd)
        let h264 = Negotiator.decide(CaptureRequest(size: size, rate: .exact(Rational(30, 1)), format: .list([FourCC("H264")])), for: node)
        #expect(reason(h264, "format") == "the camera has no H264 format; MJPG meets the rest of the request")
        let yuyv = Negotiator.decide(CaptureRequest(size: size, rate: .exact(Rational(30, 1)), format: .list([FourCC("YUYV")])), for: node)
        #expect(reason(yuyv, "format") == "YUYV 1920x1080 offers 5 fps, not 30 fps; MJPG meets the rest of the request")
        let both = Negotiator.decide(
            CaptureRequest(size: size, rate: .exact(Rational(30, 1)), format: .list([FourCC("H264"), FourCC("YUYV")])), for: node)
        #expect(
            reason(both, "format")
                == "the camera has no H264 format; YUYV 1920x1080 offers 5 fps, not 30 fps; MJPG meets the rest of the request")
    }

    @Test func aPresetsOwnFormatIsNotCalledPreferred() {
        let node = Self.node([("YUYV", 640, 480, [30]), ("MJPG", 640, 480, [30])])
        let d = Negotiator.decide(preset: .high, for: node)
        #expect(d.outcome == .valid)
        #expect(!d.explanation.contains { $0.contains("preferred formats") }, "\(d.explanation)")
        #expect(d.explanation.contains { $0.contains("the preset takes \(d.choice!.fourcc)") }, "\(d.explanation)")
        #expect(!d.alternatives.contains { $0.note.contains("preferred") })
    }

    @Test func aTieIsCalledATieWithWhatBrokeIt() {
        let node = Self.node([("YUYV", 640, 480, [30]), ("UYVY", 640, 480, [30])])
        let d = Negotiator.decide(
            CaptureRequest(size: .exact(Dimensions(width: 640, height: 480)), rate: .exact(Rational(30, 1))), for: node)
        #expect(d.choice?.fourcc == FourCC("YUYV"))
        let line = d.explanation.first { $0.hasPrefix("Not UYVY") } ?? ""
        #expect(line.contains("it ties (score ") && line.contains("the driver lists YUYV first"), "\(line)")
        #expect(!d.explanation.contains { $0.contains("scores lower") })
        let faster = Self.node([("YUYV", 640, 480, [30]), ("UYVY", 640, 480, [30, 60])])
        let f = Negotiator.decide(CaptureRequest(size: .exact(Dimensions(width: 640, height: 480))), for: faster)
        let fl = f.explanation.first { $0.hasPrefix("Not ") } ?? ""
        #expect(f.choice?.fourcc == FourCC("UYVY"))
        #expect(fl.contains("ties") ? fl.contains("the higher rate") : fl.contains("ranks below"), "\(fl)")
    }
}
