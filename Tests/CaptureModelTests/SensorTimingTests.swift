import Testing

@testable import CaptureModel

@Suite("Sensor timing: frame intervals from pixel rate and blanking")
struct SensorTimingTests {
    /// 640x480 with hblank 160 (800-pixel lines) and vblank 45 (525-line frames) at 12.6 Mpixel/s: exactly 30 fps.
    static let vga = SensorTiming(pixelRate: 12_600_000, hblank: 160, vblank: 45, vblankMinimum: 45, vblankMaximum: 1075)

    @Test func exactIntervalNow() {
        #expect(Self.vga.frameInterval(width: 640, height: 480) == Rational(1, 30))
        #expect(Self.vga.frameInterval(width: 640, height: 480, vblank: 570) == Rational(1, 15))
        // Not a round rate: still exact, in lowest terms.
        #expect(Self.vga.frameInterval(width: 640, height: 480, vblank: 1075) == Rational(311, 3150))
    }

    @Test func intervalRangeSpansVblank() throws {
        let r = try #require(Self.vga.intervalRange(width: 640, height: 480))
        #expect(r.shortest == Rational(1, 30) && r.longest == Rational(311, 3150))
        // A negative minimum counts as zero blanking.
        let neg = SensorTiming(pixelRate: 12_600_000, hblank: 160, vblank: 45, vblankMinimum: -10, vblankMaximum: 45)
        #expect(neg.intervalRange(width: 640, height: 480)?.shortest == Rational(16, 525))
        let inverted = SensorTiming(pixelRate: 12_600_000, hblank: 160, vblank: 45, vblankMinimum: 100, vblankMaximum: 50)
        #expect(inverted.intervalRange(width: 640, height: 480) == nil)
    }

    @Test func unusableNumbersGiveNil() {
        let zeroRate = SensorTiming(pixelRate: 0, hblank: 160, vblank: 45, vblankMinimum: 0, vblankMaximum: 100)
        #expect(zeroRate.frameInterval(width: 640, height: 480) == nil)
        let negativeRate = SensorTiming(pixelRate: -1, hblank: 160, vblank: 45, vblankMinimum: 0, vblankMaximum: 100)
        #expect(negativeRate.frameInterval(width: 640, height: 480) == nil)
        let negativeH = SensorTiming(pixelRate: 1000, hblank: -1, vblank: 45, vblankMinimum: 0, vblankMaximum: 100)
        #expect(negativeH.frameInterval(width: 640, height: 480) == nil)
        #expect(Self.vga.frameInterval(width: 640, height: 480, vblank: -1) == nil)
        let empty = SensorTiming(pixelRate: 1000, hblank: 0, vblank: 0, vblankMinimum: 0, vblankMaximum: 0)
        #expect(empty.frameInterval(width: 0, height: 480) == nil)
        #expect(empty.frameInterval(width: 640, height: 0) == nil)
    }

    @Test func hugeNumbersDoNotTrap() {
        let huge = SensorTiming(
            pixelRate: Int64.max, hblank: Int64(UInt32.max) - 1, vblank: Int64(UInt32.max) - 1, vblankMinimum: 0,
            vblankMaximum: Int64.max)
        // (2^32 - 1 + 2^32 - 2)² overflows 64 bits.
        #expect(huge.frameInterval(width: UInt32.max, height: UInt32.max) == nil)
        #expect(huge.intervalRange(width: UInt32.max, height: UInt32.max) == nil)
        #expect(Self.vga.frameInterval(width: 640, height: 480, vblank: Int64(UInt32.max)) == nil)
        // Exact but not representable in 32 bits: 10¹⁰ pixels at 1 pixel/s.
        let slow = SensorTiming(pixelRate: 1, hblank: 0, vblank: 0, vblankMinimum: 0, vblankMaximum: 0)
        #expect(slow.frameInterval(width: 100_000, height: 100_000) == nil)
        // The rate itself beyond 32 bits but reducible.
        let fast = SensorTiming(pixelRate: 8_000_000_000, hblank: 0, vblank: 0, vblankMinimum: 0, vblankMaximum: 0)
        #expect(fast.frameInterval(width: 1000, height: 1000) == Rational(1, 8000))
    }

    @Test func vblankForARequestedInterval() {
        #expect(Self.vga.vblank(for: Rational(1, 30), width: 640, height: 480) == 45)
        #expect(Self.vga.vblank(for: Rational(1, 15), width: 640, height: 480) == 570)
        #expect(Self.vga.vblank(for: Rational(2, 30), width: 640, height: 480) == 570)
        // Clamped to the control's range at both ends.
        #expect(Self.vga.vblank(for: Rational(1, 1000), width: 640, height: 480) == 45)
        #expect(Self.vga.vblank(for: Rational(1, 1), width: 640, height: 480) == 1075)
        // Invalid requests and timings.
        #expect(Self.vga.vblank(for: Rational(1, 0), width: 640, height: 480) == nil)
        #expect(Self.vga.vblank(for: Rational(0, 30), width: 640, height: 480) == nil)
        let noLine = SensorTiming(pixelRate: 1000, hblank: 0, vblank: 0, vblankMinimum: 0, vblankMaximum: 10)
        #expect(noLine.vblank(for: Rational(1, 30), width: 0, height: 480) == nil)
        let absurd = SensorTiming(pixelRate: Int64.max, hblank: 0, vblank: 0, vblankMinimum: 0, vblankMaximum: 10)
        #expect(absurd.vblank(for: Rational(UInt32.max, 1), width: 1, height: 1) == nil)
    }

    @Test func fromControls() throws {
        let rate = Ctl.int(SensorTiming.pixelRateID, "Pixel Rate", min: 1, max: Int64.max, value: 12_600_000, flags: .readOnly)
        let h = Ctl.int(SensorTiming.hblankID, "Horizontal Blanking", min: 160, max: 160, value: 160, flags: .readOnly)
        let v = Ctl.int(SensorTiming.vblankID, "Vertical Blanking", min: 45, max: 1075, value: 45)
        let t = try #require(SensorTiming(controls: [v, Ctl.int(ControlID.exposure, "Exposure"), h, rate]))
        #expect(t == Self.vga)
        #expect(SensorTiming(controls: [rate, h]) == nil)
        var unread = v
        unread.value = nil
        #expect(SensorTiming(controls: [rate, h, unread]) == nil)
        var text = rate
        text.value = .string("12600000")
        #expect(SensorTiming(controls: [text, h, v]) == nil)
    }

    @Test func roundTrips() throws {
        #expect(try roundTrip(Self.vga) == Self.vga)
    }
}
