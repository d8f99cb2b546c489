import CaptureModel
import Testing

/// Values spelled one way for every output (`show`, `ctl`, `monitor`, the reports): each spelling pinned here, so a
/// change to one is a change seen by all of them.
@Suite("Values are spelled one way")
struct ValueTextTests {
    static let (lo, hi) = (Dimensions(width: 160, height: 120), Dimensions(width: 1920, height: 1080))

    @Test func aDiscreteListSaysEachRateOnceInTheDriversOrder() {
        let iv = FrameIntervals.discrete([FrameDuration(1, 30), FrameDuration(1001, 30000), FrameDuration(1, 30), FrameDuration(1, 5)])
        #expect(ValueText.intervals(iv) == "30, 29.97, 5 fps")
        #expect(ValueText.intervals(.discrete([])) == "no frame rates reported")
        #expect(ValueText.intervals(.unknown(reason: "not asked")) == "frame rates unknown: not asked")
        #expect(ValueText.fps(FrameDuration(1, 0)) == "invalid (1/0)")
    }

    @Test func rangesSayTheirKindAndStep() {
        let stepwise = FrameIntervals.stepwise(min: FrameDuration(1, 60), max: FrameDuration(1, 5), step: FrameDuration(1, 60))
        #expect(ValueText.intervals(stepwise) == "5–60 fps (stepwise, interval step 1/60 s)")
        let continuous = FrameIntervals.continuous(min: FrameDuration(1, 30), max: FrameDuration(1, 1))
        #expect(ValueText.intervals(continuous) == "1–30 fps (continuous)")
        let size = FrameSize.stepwise(
            min: Self.lo, max: Self.hi, step: Dimensions(width: 8, height: 8), intervalsAtMin: stepwise, intervalsAtMax: continuous)
        #expect(
            ValueText.rates(size)
                == "step 8/8: at 160x120 5–60 fps (stepwise, interval step 1/60 s); at 1920x1080 1–30 fps (continuous)")
        let same = FrameSize.continuous(min: Self.lo, max: Self.hi, intervalsAtMin: continuous, intervalsAtMax: continuous)
        #expect(ValueText.rates(same) == "1–30 fps (continuous)", "the same rates at both ends are said once")
    }

    @Test func controlValuesAsV4L2CtlSpellsThem() {
        #expect(ValueText.value(.integer(-3)) == "-3")
        #expect(ValueText.value(.string("a\tb\nc")) == #""a\u{09}b\u{0A}c""#)
        #expect(ValueText.value(.array([1, 2, 3])) == "[1, 2, 3]")
        let long = ValueText.value(.array(Array(0..<40)))
        #expect(long.hasPrefix("[0, 1, 2") && long.hasSuffix("15, … (40 elements)]"), "\(long)")
    }

    @Test func aFieldCannotStartALineOrAColumn() {
        #expect(ValueText.field("plain") == "plain")
        #expect(ValueText.field("a\nb\tc") == #"a\u{0A}b\u{09}c"#)
        #expect(ValueText.field("\u{1B}\r") == "\u{1B}\r", "other control characters are the terminal's and the writers' to escape")
    }
}
