import FoundationEssentials
import Testing

@testable import CaptureModel

@Suite("Frame sizes: dimensions, ranges, extent and JSON")
struct FrameSizeTests {
    static func d(_ w: UInt32, _ h: UInt32) -> Dimensions { Dimensions(width: w, height: h) }
    static let thirty = FrameIntervals.discrete([FrameDuration(1, 30)])
    static func stepwise(_ lo: Dimensions, _ hi: Dimensions, _ step: Dimensions) -> FrameSize {
        .stepwise(min: lo, max: hi, step: step, intervalsAtMin: thirty, intervalsAtMax: .unknown(reason: "x"))
    }

    @Test func dimensionsParseOnlyWxH() {
        #expect(Dimensions(parsing: "1280x720") == Self.d(1280, 720))
        #expect(Dimensions(parsing: "0x0") == Self.d(0, 0))
        for bad in ["1280X720", "1280x", "x720", "1x2x3", " 1280x720", "1280x720p", "4294967296x1", ""] {
            #expect(Dimensions(parsing: bad) == nil, "\(bad)")
        }
        #expect(Self.d(1920, 1080).description == "1920x1080")
    }

    @Test func dimensionsOrderByAreaThenWidth() {
        #expect(Self.d(1280, 720) < Self.d(1920, 1080))
        #expect(Self.d(100, 200) < Self.d(200, 100))
        #expect(!(Self.d(200, 100) < Self.d(100, 200)))
        #expect(Self.d(4000, 1) < Self.d(64, 64))
        #expect([Self.d(640, 480), Self.d(320, 240), Self.d(480, 640)].max() == Self.d(640, 480))
    }

    @Test func kindsMatchTheCases() {
        #expect(FrameSize.discrete(Self.d(1, 1), intervals: Self.thirty).kind == .discrete)
        #expect(Self.stepwise(Self.d(1, 1), Self.d(2, 2), Self.d(1, 1)).kind == .stepwise)
        #expect(
            FrameSize.continuous(min: Self.d(1, 1), max: Self.d(2, 2), intervalsAtMin: Self.thirty, intervalsAtMax: Self.thirty).kind
                == .continuous)
        #expect(FrameSizeKind.allCases.map(\.description) == ["discrete", "stepwise", "continuous"])
    }

    @Test func discreteContainsOnlyItself() {
        let s = FrameSize.discrete(Self.d(640, 480), intervals: Self.thirty)
        #expect(s.contains(Self.d(640, 480)))
        #expect(!s.contains(Self.d(480, 640)))
        #expect(s.extent.min == Self.d(640, 480) && s.extent.max == Self.d(640, 480))
        #expect(!s.isDegenerateRange && s.largest == Self.d(640, 480))
    }

    @Test func continuousContainsEveryValueBetween() {
        let s = FrameSize.continuous(min: Self.d(16, 16), max: Self.d(4096, 2160), intervalsAtMin: Self.thirty, intervalsAtMax: Self.thirty)
        #expect(s.contains(Self.d(16, 16)) && s.contains(Self.d(4096, 2160)) && s.contains(Self.d(1001, 17)))
        #expect(!s.contains(Self.d(15, 100)) && !s.contains(Self.d(100, 2161)) && !s.contains(Self.d(4097, 16)))
        #expect(!s.isDegenerateRange && s.largest == Self.d(4096, 2160))
    }

    @Test func stepwiseGridIsAnchoredAtTheMinimum() {
        let s = Self.stepwise(Self.d(10, 10), Self.d(100, 50), Self.d(8, 4))
        #expect(s.contains(Self.d(18, 14)))
        #expect(!s.contains(Self.d(16, 12)))
        // 10 + 11·8 = 98 is the last width on the grid; 10 + 10·4 = 50 is on it.
        #expect(s.extent.max == Self.d(98, 50) && s.largest == Self.d(98, 50))
        #expect(s.isDegenerateRange)
        #expect(s.contains(Self.d(98, 50)) && !s.contains(Self.d(100, 50)))
    }

    @Test func extentOfOneDimensionInverted() {
        // Width fine, height inverted: height offers only its minimum.
        let s = Self.stepwise(Self.d(16, 600), Self.d(64, 400), Self.d(16, 16))
        #expect(s.extent.min == Self.d(16, 600))
        #expect(s.extent.max == Self.d(64, 600))
        #expect(s.contains(Self.d(48, 600)) && !s.contains(Self.d(48, 400)))
    }

    @Test(arguments: [
        (UInt32(0), UInt32(10), UInt32(3), UInt32(9)), (5, 5, 0, 5), (10, 5, 1, 10), (0, UInt32.max, 1, UInt32.max),
        (1, UInt32.max, 2, UInt32.max), (0, UInt32.max, 2, UInt32.max - 1), (7, 100, 1000, 7),
    ])
    func reach(_ lo: UInt32, _ hi: UInt32, _ step: UInt32, _ expected: UInt32) {
        #expect(FrameSize.reach(lo, hi, step: step) == expected)
    }

    @Test func everyKindRoundTrips() throws {
        let all: [FrameSize] = [
            .discrete(Self.d(1920, 1080), intervals: .discrete([FrameDuration(1, 30), FrameDuration(1, 60)])),
            .stepwise(
                min: Self.d(16, 16), max: Self.d(1920, 1080), step: Self.d(2, 2), intervalsAtMin: Self.thirty,
                intervalsAtMax: .continuous(min: FrameDuration(1, 30), max: FrameDuration(1, 1))),
            .continuous(min: Self.d(1, 1), max: Self.d(8, 8), intervalsAtMin: .unknown(reason: "none"), intervalsAtMax: Self.thirty),
        ]
        #expect(try roundTrip(all) == all)
    }

    @Test func jsonShapePerKind() throws {
        let discrete = try JSONEncoder().encode(FrameSize.discrete(Self.d(640, 480), intervals: Self.thirty))
        #expect(try JSONKeys.of(discrete) == ["type", "width", "height", "intervals"])
        struct Flat: Decodable {
            var type: String
            var width: UInt32
            var height: UInt32
        }
        let flat = try JSONDecoder().decode(Flat.self, from: discrete)
        #expect(flat.type == "discrete" && flat.width == 640 && flat.height == 480)
        let step = try JSONEncoder().encode(Self.stepwise(Self.d(1, 1), Self.d(2, 2), Self.d(1, 1)))
        #expect(try JSONKeys.of(step) == ["type", "min", "max", "step", "intervalsAtMin", "intervalsAtMax"])
        let cont = try JSONEncoder().encode(
            FrameSize.continuous(min: Self.d(1, 1), max: Self.d(2, 2), intervalsAtMin: Self.thirty, intervalsAtMax: Self.thirty))
        #expect(try JSONKeys.of(cont) == ["type", "min", "max", "intervalsAtMin", "intervalsAtMax"])
    }

    @Test func missingFieldsAreRefused() {
        let noHeight = #"{"type":"discrete","width":640,"intervals":{"type":"discrete","intervals":[]}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FrameSize.self, from: Data(noHeight.utf8)) }
        let noStep = #"""
            {"type":"stepwise","min":{"width":1,"height":1},"max":{"width":2,"height":2},
             "intervalsAtMin":{"type":"unknown"},"intervalsAtMax":{"type":"unknown"}}
            """#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FrameSize.self, from: Data(noStep.utf8)) }
    }
}
