import CaptureModel
import SensorPipelines
import Testing

/// A sensor's timing controls (pixel rate, blanking) and the frame rate they give.
@Suite("Sensor timing: rates from blanking")
struct SensorTimingTests {
    @Test func aRateBecomesTheVerticalBlankingThatGivesIt() {
        // An imx708-like mode: 1536x864, line length 1536 + 1000 pixels, 595.2 Mpixel/s.
        let t = SensorTiming(pixelRate: 595_200_000, hblank: 1000, vblank: 100, vblankMinimum: 20, vblankMaximum: 60_000)
        let v = t.vblank(for: Rational(1, 30), width: 1536, height: 864)
        #expect(v == 6959)  // 595200000 / 30 / 2536 = 7823.3 lines per frame, less 864 active lines
        let fps = t.frameInterval(width: 1536, height: 864, vblank: 6959)?.reciprocalValue ?? 0
        #expect(abs(fps - 30) < 0.01)
        #expect(t.vblank(for: Rational(1, 1000), width: 1536, height: 864) == 20)  // clamped to the control's range
    }
}
