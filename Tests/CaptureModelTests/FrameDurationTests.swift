import FoundationEssentials
import Testing

@testable import CaptureModel

@Suite("Rational arithmetic and parsing")
struct RationalArithmeticTests {
    @Test func reducedGivesLowestTerms() {
        #expect(Rational(2, 10000).reduced == Rational(1, 5000))
        #expect(Rational(1001, 30000).reduced == Rational(1001, 30000))
        #expect(Rational(UInt32.max, UInt32.max).reduced == Rational(1, 1))
        // A zero term leaves the fraction as it is.
        #expect(Rational(0, 5).reduced == Rational(0, 5))
        #expect(Rational(7, 0).reduced == Rational(7, 0))
    }

    @Test(arguments: [
        (Int64(-4), UInt64(10000), "-1/2500"), (40000, 10000, "4/1"), (0, 10000, "0/1"), (5, 0, "5/0"), (3, 10000, "3/10000"),
        (Int64.min, 2, "-4611686018427387904/1"),
    ])
    func reducedText(_ n: Int64, _ d: UInt64, _ expected: String) {
        #expect(Rational.reducedText(n, over: d) == expected)
    }

    @Test func valuesAndReciprocals() {
        #expect(Rational(1, 4).doubleValue == 0.25)
        #expect(Rational(1, 0).doubleValue == nil)
        #expect(Rational(1, 4).reciprocalValue == 4)
        #expect(Rational(0, 4).reciprocalValue == nil)
        #expect(Rational(1001, 30000).reciprocal == Rational(30000, 1001))
        #expect(!Rational(0, 1).isValid && !Rational(1, 0).isValid && Rational(1, 1).isValid)
    }

    @Test func compareIsExactAndCannotOverflow() {
        let big = Rational(UInt32.max, UInt32.max - 1)
        let bigger = Rational(UInt32.max - 1, UInt32.max - 2)
        #expect(Rational.compare(big, bigger) == -1)
        #expect(Rational.compare(bigger, big) == 1)
        #expect(Rational.compare(Rational(3, 9), Rational(1, 3)) == 0)
        // A zero denominator compares above every finite value.
        #expect(Rational.compare(Rational(1, 0), Rational(1000, 1)) == 1)
        #expect(Rational(1, 30) != Rational(2, 60))
    }

    @Test func parsingAcceptsSpacesAndPlainIntegers() {
        #expect(Rational(parsing: " 30 / 1 ") == Rational(30, 1))
        #expect(Rational(parsing: "25") == Rational(25, 1))
        #expect(Rational(parsing: "0/0") == Rational(0, 0))
        #expect(Rational(parsing: "4294967296/1") == nil)
        #expect(Rational(parsing: "1.5") == nil)
        #expect(Rational(parsing: "1/\t2") == nil)
    }

    @Test func codableAsTextAndRefusesGarbage() throws {
        #expect(try roundTrip([Rational(1001, 30000)]) == [Rational(1001, 30000)])
        #expect(try JSONDecoder().decode([Rational].self, from: Data(#"["7"]"#.utf8)) == [Rational(7, 1)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Rational].self, from: Data(#"["1/x"]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Rational].self, from: Data("[30]".utf8)) }
    }
}

@Suite("FrameDuration and FrameIntervals")
struct FrameDurationTests {
    struct Encoded: Decodable {
        var interval: String
        var reduced: String?
        var seconds: Double?
        var fps: Double?
        var nominalFPS: Double?
    }

    func encoded(_ d: FrameDuration) throws -> Encoded {
        try JSONDecoder().decode(Encoded.self, from: JSONEncoder().encode(d))
    }

    @Test func descriptionNamesTheRate() {
        #expect(FrameDuration(1001, 30000).description == "1001/30000 s (29.97 fps)")
        #expect(FrameDuration(1, 30).description == "1/30 s (30 fps)")
        #expect(FrameDuration(2, 15).description == "2/15 s (7.5 fps)")
        #expect(FrameDuration(1, 0).description == "1/0 (invalid)")
        #expect(FrameDuration(0, 1).description == "0/1 (invalid)")
    }

    @Test func secondsAndRates() {
        #expect(FrameDuration(1, 4).seconds == 0.25)
        #expect(FrameDuration(1, 4).fps == 4)
        #expect(FrameDuration(0, 4).seconds == nil)
        #expect(FrameDuration(333_333, 10_000_000).nominalFPS == 30)
        #expect(FrameDuration(1001, 30000).nominalFPS == 29.97)
        #expect(FrameDuration(1, 0).nominalFPS == nil)
    }

    @Test func encodesReducedOnlyWhenItDiffers() throws {
        let unreduced = try encoded(FrameDuration(2, 60))
        #expect(unreduced.interval == "2/60" && unreduced.reduced == "1/30")
        #expect(unreduced.seconds == 0.033333 && unreduced.fps == 30 && unreduced.nominalFPS == 30)
        let lowest = try encoded(FrameDuration(1001, 30000))
        #expect(lowest.reduced == nil && lowest.seconds == 0.033367 && lowest.fps == 29.97003 && lowest.nominalFPS == 29.97)
        let invalid = try encoded(FrameDuration(1, 0))
        #expect(invalid.interval == "1/0" && invalid.reduced == nil && invalid.seconds == nil && invalid.fps == nil)
        #expect(try JSONKeys.of(JSONEncoder().encode(FrameDuration(0, 7))) == ["interval"])
    }

    @Test func decodingReadsOnlyTheInterval() throws {
        // The derived floats are ignored on the way in: the fraction is the truth.
        let json = #"{"interval":"1/25","fps":99,"seconds":1,"reduced":"9/9"}"#
        #expect(try JSONDecoder().decode(FrameDuration.self, from: Data(json.utf8)) == FrameDuration(1, 25))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FrameDuration.self, from: Data(#"{"fps":30}"#.utf8)) }
    }

    @Test func fastestSkipsInvalidIntervals() {
        let list = FrameIntervals.discrete([
            FrameDuration(1, 15), FrameDuration(0, 0), FrameDuration(1001, 30000), FrameDuration(1, 30), FrameDuration(1, 0),
        ])
        #expect(list.fastest == FrameDuration(1, 30))
        #expect(FrameIntervals.discrete([]).fastest == nil)
        #expect(FrameIntervals.discrete([FrameDuration(1, 0)]).fastest == nil)
        let step = FrameDuration(1, 1)
        #expect(FrameIntervals.stepwise(min: FrameDuration(1, 60), max: FrameDuration(1, 1), step: step).fastest == FrameDuration(1, 60))
        #expect(FrameIntervals.stepwise(min: FrameDuration(0, 1), max: FrameDuration(1, 1), step: step).fastest == nil)
        #expect(FrameIntervals.continuous(min: FrameDuration(1, 90), max: FrameDuration(1, 5)).fastest == FrameDuration(1, 90))
        #expect(FrameIntervals.unknown(reason: "no ENUM_FRAMEINTERVALS").fastest == nil)
    }

    @Test func intervalsRoundTripEveryCase() throws {
        let all: [FrameIntervals] = [
            .discrete([FrameDuration(1, 30), FrameDuration(1, 30), FrameDuration(1001, 30000)]),
            .stepwise(min: FrameDuration(1, 60), max: FrameDuration(1, 1), step: FrameDuration(1, 60)),
            .continuous(min: FrameDuration(1, 120), max: FrameDuration(2, 1)), .unknown(reason: "EINVAL"),
        ]
        #expect(try roundTrip(all) == all)
    }

    @Test func intervalsDecodingEdgeCases() throws {
        #expect(try JSONDecoder().decode(FrameIntervals.self, from: Data(#"{"type":"unknown"}"#.utf8)) == .unknown(reason: ""))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FrameIntervals.self, from: Data(#"{"type":"random","intervals":[]}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FrameIntervals.self, from: Data(#"{"type":"stepwise","min":{"interval":"1/30"}}"#.utf8))
        }
    }

    @Test(arguments: [
        (0.0, "0"), (0.25, "0.25"), (0.0004, "0"), (0.01, "0.01"), (2.007, "2.007"), (29.9996, "30"), (120, "120"),
        (1.05, "1.05"),
    ])
    func fpsFormattingEdges(_ fps: Double, _ expected: String) {
        #expect(formatFPS(fps) == expected)
    }

    @Test func impossibleRatesArePrintedAsSwiftDoes() {
        #expect(formatFPS(.nan) == "\(Double.nan)")
        #expect(formatFPS(-.infinity) == "\(-Double.infinity)")
        #expect(formatFPS(-0.5) == "-0.5")
        #expect(formatFPS(1e15) == "\(1e15)")
        #expect(formatFPS(999_999_999_999.5) == "999999999999.5")
    }
}
