import Testing
import V4L2

/// The delivered rate's 95 % interval, on synthetic timestamp series: exact, jittered, truly fast and truly slow
/// (P27 item 5: 20 frames with 6 ms of jitter know the mean interval to about ± 4 % at one standard error).
@Suite("The delivered rate's interval: what a frame count and a jitter can tell")
struct RateIntervalTests {
    /// Frame records whose intervals are `interval` seconds plus a deterministic uniform jitter of standard
    /// deviation `jitter` seconds (a fixed linear congruential sequence: the same series every run).
    static func series(frames: Int, interval: Double, jitter: Double = 0, seed: UInt64 = 7) -> [FrameRecord] {
        var state = seed
        func uniform() -> Double {  // in [-1, 1)
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
        var t = 1.0
        return (0..<frames).map { i in
            if i > 0 { t += interval + jitter * 3.0.squareRoot() * uniform() }
            let ns = UInt64(t * 1e9)
            return FrameRecord(sequence: UInt32(i), timestampNanoseconds: ns, dequeuedAt: ns + 1_000_000, bytesUsed: 100, hasError: false)
        }
    }

    static func report(frames: Int, fps: Double, expected: Double, jitterMs: Double = 0, seed: UInt64 = 7) -> StreamReport {
        StreamReport(
            frames: series(frames: frames, interval: 1 / fps, jitter: jitterMs / 1000, seed: seed), startedAt: 0, expectedFPS: expected)
    }

    @Test func anExactSeriesIsKnownExactly() throws {
        let r = Self.report(frames: 20, fps: 30, expected: 30)
        let i = try #require(r.rateInterval)
        #expect(abs(i.low) < 1e-3 && abs(i.high) < 1e-3, "\(i)")
        #expect(i.isWithin(0.05) && !i.isAbove(0.05) && !i.isBelow(0.05))
        #expect(r.rateErrorLow != nil && r.rateErrorHigh != nil)
    }

    @Test func twentyJitteredFramesCannotTellFivePercentFromOnTime() throws {
        // On time, 6 ms of jitter per interval: the interval spans about ± 9 %, over both edges of ± 5 %.
        let r = Self.report(frames: 20, fps: 30, expected: 30, jitterMs: 6)
        let i = try #require(r.rateInterval)
        #expect(abs(i.standardDeviationMilliseconds - 6) < 2, "\(i)")
        #expect(i.low < -0.05 && i.high > 0.05, "\(i)")
        #expect(!i.isWithin(0.05) && !i.isAbove(0.05) && !i.isBelow(0.05))
        // The count it asks for does decide, at the same jitter.
        let error = try #require(r.rateError)
        let m = try #require(i.framesToDecide(tolerance: 0.05, rateError: error))
        #expect(m > 20 && m < 1000, "\(m)")
        let longer = try #require(Self.report(frames: m, fps: 30, expected: 30, jitterMs: 6, seed: 99).rateInterval)
        #expect(longer.isWithin(0.05), "\(m) frames: \(longer)")
    }

    @Test func aSmallExcessWithJitterIsNotCalledAnExcess() throws {
        // 5.16 % over the negotiated rate, 20 frames, 6 ms jitter: one of the replayed cameras called EXCESS on noise.
        let r = Self.report(frames: 20, fps: 30 * 1.0516, expected: 30, jitterMs: 6)
        let i = try #require(r.rateInterval)
        #expect(!i.isAbove(0.05) && !i.isWithin(0.05), "\(i)")
    }

    @Test func aTrulyFastCameraIsAboveBeyondDoubt() throws {
        // 69 fps measured for 60 negotiated (a held-out camera), 120 frames, 1 ms jitter.
        let i = try #require(Self.report(frames: 120, fps: 69, expected: 60, jitterMs: 1).rateInterval)
        #expect(i.isAbove(0.05) && i.low > 0.10 && i.high < 0.20, "\(i)")
    }

    @Test func aTrulySlowCameraIsBelowBeyondDoubt() throws {
        // A low-light rate drop: 25 fps delivered for 30 negotiated, 120 frames, 5 ms jitter.
        let i = try #require(Self.report(frames: 120, fps: 25, expected: 30, jitterMs: 5).rateInterval)
        #expect(i.isBelow(0.05) && i.high < -0.10, "\(i)")
    }

    @Test func theDefaultFrameCountDecidesForTypicalJitter() throws {
        // 120 frames (verify's default) at 30 fps with 4 ms of jitter (a USB camera's is a few ms; the gadget's under
        // qemu 5-8 ms), on time: within ± 5 %, over ten different series.
        for seed in UInt64(1)...10 {
            let i = try #require(Self.report(frames: 120, fps: 30, expected: 30, jitterMs: 4, seed: seed).rateInterval)
            #expect(i.isWithin(0.05), "seed \(seed): \(i)")
        }
        // At 8 ms the same count may not decide; then it says how many would.
        let i = try #require(Self.report(frames: 120, fps: 30, expected: 30, jitterMs: 8).rateInterval)
        if !i.isWithin(0.05) { #expect(i.framesToDecide(tolerance: 0.05, rateError: (i.low + i.high) / 2) ?? 0 > 120) }
    }

    @Test func noNegotiatedRateOrTooFewFramesGiveNoInterval() {
        #expect(Self.report(frames: 20, fps: 30, expected: 0).rateInterval == nil)
        #expect(Self.report(frames: 2, fps: 30, expected: 30, jitterMs: 3).rateInterval == nil)
        #expect(RateInterval(count: 1, meanMilliseconds: 33, populationDeviationMilliseconds: 1, expectedFPS: 30) == nil)
    }

    @Test func theTQuantileFollowsTheTable() {
        // Student's t, two-sided 95 %: 12.706 (1), 4.303 (2), 2.571 (5), 2.228 (10), 2.093 (19), 1.984 (100).
        for (df, t) in [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (19, 2.093), (100, 1.984)] {
            #expect(abs(RateInterval.t975(degreesOfFreedom: df) / t - 1) < 0.01, "df \(df)")
        }
    }
}
