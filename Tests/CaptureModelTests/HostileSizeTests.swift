import CaptureModel
import Testing

/// Sizes and rates a driver or a file can report that no camera has:
/// what the model makes of them, without trapping.
@Suite("Hostile sizes and rates in the model")
struct HostileSizeTests {
    static let m = UInt32.max
    static func d(_ w: UInt32, _ h: UInt32) -> Dimensions { Dimensions(width: w, height: h) }
    static let thirty = FrameIntervals.discrete([FrameDuration(1, 30)])
    static func caps(_ sizes: [FrameSize]) -> CaptureNodeCapabilities {
        CaptureNodeCapabilities(
            path: "/dev/video0",
            identity: NodeIdentity(
                driver: "x", card: "x", busInfo: "x", version: "1.0.0", capabilities: [],
                deviceCaps: [.videoCapture]),
            formats: [PixelFormat(index: 0, fourcc: FourCC("YUYV"), description: "", bufferType: .videoCapture, flags: [], sizes: sizes)])
    }

    @Test func extentOfDegenerateRanges() {
        let step0 = FrameSize.stepwise(
            min: Self.d(640, 480), max: Self.d(1920, 1080), step: Self.d(0, 0), intervalsAtMin: Self.thirty, intervalsAtMax: Self.thirty)
        // Step 0 counts as 1 (as ControlKeyTests' stepZeroDoesNotTrap pins): every size from min to max.
        #expect(step0.extent.max == Self.d(1920, 1080) && !step0.isDegenerateRange && step0.contains(Self.d(641, 481)))
        let offGrid = FrameSize.stepwise(
            min: Self.d(640, 480), max: Self.d(1920, 1080), step: Self.d(0, 7), intervalsAtMin: Self.thirty, intervalsAtMax: Self.thirty)
        #expect(
            offGrid.extent.max == Self.d(1920, 1075) && offGrid.isDegenerateRange && offGrid.contains(Self.d(641, 487))
                && !offGrid.contains(Self.d(641, 488)))
        let inverted = FrameSize.continuous(
            min: Self.d(1920, 1080), max: Self.d(640, 480), intervalsAtMin: Self.thirty, intervalsAtMax: Self.thirty)
        #expect(inverted.extent.max == Self.d(1920, 1080) && inverted.contains(Self.d(1920, 1080)) && !inverted.contains(Self.d(1000, 700)))
        let huge = FrameSize.stepwise(
            min: Self.d(1, 1), max: Self.d(Self.m, Self.m), step: Self.d(Self.m, 2), intervalsAtMin: Self.thirty,
            intervalsAtMax: Self.thirty)
        #expect(huge.extent.max == Self.d(1, Self.m) && huge.contains(huge.extent.max) && !huge.contains(Self.d(Self.m, Self.m)))
        let normal = FrameSize.stepwise(
            min: Self.d(16, 16), max: Self.d(16384, 8640), step: Self.d(2, 2), intervalsAtMin: Self.thirty, intervalsAtMax: Self.thirty)
        #expect(normal.extent.max == Self.d(16384, 8640) && !normal.isDegenerateRange)
    }

    @Test func areaOfTheLargestSizeIsExact() {
        #expect(Self.d(Self.m, Self.m).area == 18_446_744_065_119_617_025)
        #expect(Self.d(0, Self.m).area == 0)
    }

    @Test func bestModesOfHostileSizes() {
        let all: [FrameSize] = [
            .discrete(Self.d(0, 0), intervals: Self.thirty),
            .discrete(Self.d(Self.m, Self.m), intervals: .discrete([FrameDuration(1, Self.m), FrameDuration(0, 0)])),
            .stepwise(
                min: Self.d(1, 1), max: Self.d(Self.m, Self.m), step: Self.d(1, 1), intervalsAtMin: Self.thirty, intervalsAtMax: Self.thirty
            ),
            .stepwise(
                min: Self.d(640, 480), max: Self.d(1920, 1080), step: Self.d(0, 0), intervalsAtMin: Self.thirty, intervalsAtMax: Self.thirty
            ),
            .continuous(
                min: Self.d(1920, 1080), max: Self.d(640, 480), intervalsAtMin: .discrete([FrameDuration(Self.m, 1)]),
                intervalsAtMax: .unknown(reason: "")),
        ]
        for s in all {
            let modes = Self.caps([s]).bestModes()
            for mode in modes {
                #expect(s.contains(mode.size), "\(mode)")
                _ = mode.description
            }
        }
        #expect(Self.caps([all[1]]).bestModes().map(\.compactDescription) == ["YUYV 4294967295x4294967295@4294967295"])
        #expect(Self.caps([all[3]]).bestModes().map(\.compactDescription) == ["YUYV 1920x1080@30"])
        #expect(Self.caps([all[4]]).bestModes().map(\.compactDescription) == ["YUYV 1920x1080@0"])
    }

    @Test func formatFPSNeverTraps() {
        #expect(formatFPS(30) == "30" && formatFPS(30000.0 / 1001.0) == "29.97" && formatFPS(7.5) == "7.5")
        #expect(formatFPS(Double(Self.m)) == "4294967295")
        #expect(formatFPS(1 / Double(Self.m)) == "0")
        #expect(formatFPS(.infinity) == "inf" && formatFPS(.nan) == "nan" && formatFPS(1e300) == "1e+300" && formatFPS(-1) == "-1.0")
    }

    @Test func intervalsAtTheEdges() {
        for (n, dd) in [(0, 0), (0, 1), (1, 0), (1, Self.m), (Self.m, 1), (Self.m, Self.m)] as [(UInt32, UInt32)] {
            let f = FrameDuration(n, dd)
            _ = f.description
            if let fps = f.fps { #expect(fps.isFinite && fps > 0) }
        }
        #expect(Rational.compare(Rational(Self.m, 1), Rational(1, Self.m)) == 1)
    }
}
