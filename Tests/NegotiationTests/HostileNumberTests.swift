import CaptureModel
import Testing

@testable import Negotiation

/// Regressions for "Hostile numbers": each of these trapped (SIGILL) in
/// `camprobe negotiate` or `camprobe show` before sizes and rates were checked.
@Suite("Hostile numbers: regressions")
struct HostileNumberTests {
    static let m = UInt32.max
    static func d(_ w: UInt32, _ h: UInt32) -> Dimensions { Dimensions(width: w, height: h) }
    static let thirty = FrameIntervals.discrete([FrameDuration(1, 30)])
    /// 30 fps and 4294967295 fps: the fastest makes a 4294967295-pixel side overflow UInt64 bytes/s.
    static let fastest = FrameIntervals.discrete([FrameDuration(1, 30), FrameDuration(1, m)])
    static func discrete(_ w: UInt32, _ h: UInt32, _ iv: FrameIntervals = thirty) -> FrameSize { .discrete(d(w, h), intervals: iv) }
    static func stepwise(_ lo: Dimensions, _ hi: Dimensions, _ step: Dimensions, _ iv: FrameIntervals = thirty) -> FrameSize {
        .stepwise(min: lo, max: hi, step: step, intervalsAtMin: iv, intervalsAtMax: iv)
    }

    /// Trapped in Explainer (score ∞ through Int) or Bandwidth (∞ through UInt64), as noted.
    static let cases: [(String, [FrameSize])] = [
        ("0x0 (Explainer: infinite score)", [discrete(0, 0), discrete(640, 480)]),
        ("0x0 alone", [discrete(0, 0)]),
        ("0 width, 0 height", [discrete(0, 480), discrete(640, 0)]),
        ("width 4294967295", [discrete(m, 480)]),
        ("height 4294967295", [discrete(640, m)]),
        ("width 4294967295 at 4294967295 fps (Bandwidth)", [discrete(m, 480, fastest)]),
        ("height 4294967295 at 4294967295 fps (Bandwidth)", [discrete(640, m, fastest)]),
        ("4294967295x4294967295 (Bandwidth, SessionPreset)", [discrete(m, m)]),
        ("stepwise step 0", [stepwise(d(640, 480), d(1920, 1080), d(0, 0))]),
        ("stepwise step 0 in width only", [stepwise(d(640, 480), d(1920, 1080), d(0, 2))]),
        ("stepwise min > max", [stepwise(d(1920, 1080), d(640, 480), d(2, 2))]),
        ("continuous min > max", [.continuous(min: d(1920, 1080), max: d(640, 480), intervalsAtMin: thirty, intervalsAtMax: thirty)]),
        ("stepwise 1x1–4294967295x4294967295 (Bandwidth, SessionPreset)", [stepwise(d(1, 1), d(m, m), d(1, 1))]),
        ("stepwise 0x0–max, step max", [stepwise(d(0, 0), d(m, m), d(m, m))]),
        ("stepwise 1x1–max at 1/4294967295 s", [stepwise(d(1, 1), d(m, m), d(1, 1), .discrete([FrameDuration(1, m)]))]),
        (
            "stepwise 1x1–max, rates unknown",
            [stepwise(d(1, 1), d(m, m), d(1, 1), .unknown(reason: "v4l2-ctl printed no intervals for this size"))]
        ),
        ("zero intervals", [discrete(640, 480, .discrete([FrameDuration(0, 30), FrameDuration(1, 0), FrameDuration(0, 0)]))]),
        (
            "huge intervals",
            [discrete(640, 480, .discrete([FrameDuration(1, m), FrameDuration(m, 1), FrameDuration(m, m), FrameDuration(m - 1, m)]))]
        ),
        (
            "stepwise intervals, zero and huge",
            [
                discrete(m, m, .stepwise(min: FrameDuration(1, m), max: FrameDuration(m, 1), step: FrameDuration(0, 1))),
                discrete(0, 0, .stepwise(min: FrameDuration(m, 1), max: FrameDuration(1, m), step: FrameDuration(1, m))),
            ]
        ),
        ("continuous intervals 1/max–max/1", [discrete(1920, 1080, .continuous(min: FrameDuration(1, m), max: FrameDuration(m, 1)))]),
    ]

    /// Requests as `camprobe negotiate` builds them from its options.
    static let cliRequests: [CaptureRequest] = {
        let hd = d(1280, 720)
        var out = [
            CaptureRequest(size: .exact(hd)), CaptureRequest(size: .atLeast(hd)), CaptureRequest(size: .nearest(hd)),
            CaptureRequest(rate: .exact(Rational(30, 1))), CaptureRequest(rate: .atLeast(Rational(30000, 1001))),
            CaptureRequest(rate: .range(min: Rational(1, 1000), max: Rational(60, 1))), CaptureRequest(format: .raw),
            CaptureRequest(format: .compressed), CaptureRequest(format: .list([FourCC("YUYV")]), nativeOnly: true),
            CaptureRequest(size: .nearest(hd), aspectRatio: Rational(16, 9)),
            CaptureRequest(rate: .atLeast(Rational(30, 1)), bandwidthBytesPerSecond: 24_000_000),
        ]
        var strict = CaptureRequest(size: .nearest(d(640, 480)), rate: .atLeast(Rational(30, 1)))
        strict.requireRate = true
        out.append(strict)
        return out
    }()

    @Test(arguments: cases)
    func presetsAndRequestsDoNotTrap(name: String, sizes: [FrameSize]) {
        let node = Hostile.node(sizes)
        for t in Hostile.transports { Hostile.exercise(node, transport: t, requests: Self.cliRequests) }
    }

    @Test func bandwidthSaturatesAndStaysExact() {
        let yuyv = FourCC("YUYV")
        #expect(Bandwidth.bytesPerSecond(yuyv, compressed: false, size: Self.d(1920, 1080), fps: 30) == 124_416_000)
        #expect(Bandwidth.bytesPerSecond(yuyv, compressed: false, size: Self.d(Self.m, Self.m), fps: 30) == UInt64.max)
        #expect(Bandwidth.bytesPerSecond(yuyv, compressed: false, size: Self.d(Self.m, 480), fps: Double(Self.m)) == UInt64.max)
        #expect(Bandwidth.bytesPerSecond(yuyv, compressed: false, size: Self.d(640, 480), fps: .nan) == 0)
        #expect(Bandwidth.bytesPerSecond(yuyv, compressed: false, size: Self.d(640, 480), fps: .infinity) == UInt64.max)
        #expect(Bandwidth.bytesPerSecond(yuyv, compressed: false, size: Self.d(640, 480), fps: -30) == 0)
        #expect(Bandwidth.describe(UInt64.max) == "18446744073710 MB/s")
        // What `--bandwidth` takes: any Double, e.g. 1e300 (RequestOptions converts it with UInt64(_:) today).
        #expect(Bandwidth.bytesPerSecond(megabytes: 24.576) == 24_576_000)
        #expect(Bandwidth.bytesPerSecond(megabytes: 1e300) == UInt64.max && Bandwidth.bytesPerSecond(megabytes: .infinity) == UInt64.max)
        #expect(
            Bandwidth.bytesPerSecond(megabytes: .nan) == nil && Bandwidth.bytesPerSecond(megabytes: -1) == nil
                && Bandwidth.bytesPerSecond(megabytes: 0) == nil)
    }

    @Test func scoresOfZeroSizesAreFinite() {
        let node = Hostile.node([Self.discrete(0, 0), Self.discrete(0, 480)])
        for r in Self.cliRequests + [
            CaptureRequest(size: .exact(Self.d(0, 0))), CaptureRequest(rate: .exact(Rational(0, 1))),
            CaptureRequest(rate: .range(min: Rational(0, 0), max: Rational(0, 1))), CaptureRequest(aspectRatio: Rational(1, 0)),
        ] {
            for a in Negotiator.decide(r, for: node).alternatives { #expect(a.score.isFinite && abs(a.score) < 1e12) }
        }
        #expect(Negotiator.formatScore(.infinity) == "inf")
        #expect(Negotiator.formatScore(12.345) == "12.34")
    }

    /// Step 0 counts as 1, as `FrameSize.contains` always read it: every size from min to max.
    @Test func stepZeroRangeIsContinuous() {
        let s = Self.stepwise(Self.d(640, 480), Self.d(1920, 1080), Self.d(0, 0))
        #expect(s.largest == Self.d(1920, 1080) && s.contains(Self.d(641, 481)))
        let photo = Negotiator.decide(preset: .photo, for: Hostile.node([s]))
        #expect(photo.choice?.size == Self.d(1920, 1080))
        let hd = Negotiator.decide(preset: .p1280x720, for: Hostile.node([s]))
        #expect(hd.outcome == .valid && hd.choice?.size == Self.d(1280, 720))
    }

    @Test func minAboveMaxIsItsMinimum() {
        let s = Self.stepwise(Self.d(1920, 1080), Self.d(640, 480), Self.d(2, 2))
        #expect(s.largest == Self.d(1920, 1080) && s.isDegenerateRange)
        #expect(s.contains(Self.d(1920, 1080)) && !s.contains(Self.d(640, 480)))
        let high = Negotiator.decide(preset: .high, for: Hostile.node([s]))
        #expect(high.choice?.size == Self.d(1920, 1080))
    }

    @Test func hugeStepwiseRangeNegotiatesExactly() {
        let node = Hostile.node([Self.stepwise(Self.d(1, 1), Self.d(Self.m, Self.m), Self.d(1, 1))])
        // The largest size is offered and chosen; its bandwidth saturates instead of trapping.
        let high = Negotiator.decide(preset: .high, for: node, transport: Transport(kind: "usb", speedMbps: 480))
        #expect(high.choice?.size == Self.d(Self.m, Self.m))
        let hd = Negotiator.decide(preset: .p1280x720, for: node)
        #expect(hd.outcome == .valid && hd.choice?.size == Self.d(1280, 720))
        let raw = Negotiator.decide(CaptureRequest(size: .exact(Self.d(Self.m, Self.m)), format: .raw), for: node)
        #expect(raw.choice?.bytesPerSecond == UInt64.max)
    }

    @Test func normalRangesKeepTheirMaximum() {
        let s = Self.stepwise(Self.d(16, 16), Self.d(16384, 8640), Self.d(2, 2))
        #expect(s.extent.max == Self.d(16384, 8640) && !s.isDegenerateRange)
        let offGrid = Self.stepwise(Self.d(1, 1), Self.d(10, 10), Self.d(4, 4))
        #expect(offGrid.largest == Self.d(9, 9) && offGrid.contains(offGrid.largest))
    }
}
