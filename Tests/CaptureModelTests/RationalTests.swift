import CaptureModel
import FoundationEssentials
import Testing

@Suite("Rational and FrameDuration")
struct RationalTests {
    @Test func exactFractionsStayExact() throws {
        let r = try #require(Rational(parsing: "1001/30000"))
        #expect(r.numerator == 1001 && r.denominator == 30000)
        #expect(r.description == "1001/30000")
        #expect(!r.hasSameValue(as: Rational(1, 30)))
        #expect(Rational(2, 60).hasSameValue(as: Rational(1, 30)))
        #expect(Rational.compare(Rational(1, 30), Rational(1001, 30000)) < 0)
    }

    /// `0/0` is invalid like `1/0`: it sorts last and equals no valid value (it used to equal every value).
    @Test func zeroOverZeroSortsLastAndEqualsNoValidValue() {
        #expect(!Rational(0, 0).hasSameValue(as: Rational(1, 30)))
        #expect(Rational.compare(Rational(0, 0), Rational(1, 30)) == 1)
        #expect(Rational.compare(Rational(1, 30), Rational(0, 0)) == -1)
        #expect(Rational.compare(Rational(0, 0), Rational(1, 0)) == 0)
        #expect(Rational.compare(Rational(1, 0), Rational(30, 1)) == 1)
    }

    @Test func zeroDenominatorIsInvalidNotACrash() {
        let d = FrameDuration(1, 0)
        #expect(!d.interval.isValid)
        #expect(d.fps == nil)
        #expect(FrameDuration(0, 1).fps == nil)
    }

    @Test(arguments: ["", "a/b", "1/", "/2", "1/2/3", "-1/2"])
    func rejectsGarbage(_ text: String) {
        #expect(Rational(parsing: text) == nil)
    }

    @Test func encodesFractionPlusFloats() throws {
        let data = try JSONEncoder().encode(FrameDuration(1001, 30000))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"interval\":\"1001\\/30000\"") || text.contains("\"interval\":\"1001/30000\""))
        #expect(text.contains("\"fps\":29.97003"))
        let back = try JSONDecoder().decode(FrameDuration.self, from: data)
        #expect(back == FrameDuration(1001, 30000))
    }

    @Test func invalidDurationOmitsFloats() throws {
        let text = String(decoding: try JSONEncoder().encode(FrameDuration(1, 0)), as: UTF8.self)
        #expect(!text.contains("fps"))
    }

    @Test(arguments: [(30.0, "30"), (30000.0 / 1001.0, "29.97"), (7.5, "7.5"), (0.5, "0.5"), (59.94, "59.94")])
    func fpsFormatting(_ fps: Double, _ expected: String) {
        #expect(formatFPS(fps) == expected)
    }
}

@Suite("FourCC")
struct FourCCTests {
    @Test func roundTrip() throws {
        let f = try #require(FourCC("YUYV" as String))
        #expect(f.rawValue == 0x5659_5559)
        #expect(f.description == "YUYV")
        #expect(FourCC("Y10" as String)?.description == "Y10 ")
        #expect(FourCC("AR24-BE" as String)?.description == "AR24-BE")
    }

    @Test func rejectsBadCodes() {
        #expect(FourCC("" as String) == nil)
        #expect(FourCC("TOOLONG" as String) == nil)
    }
}
