import FoundationEssentials
import Testing

@testable import CaptureModel

@Suite("FourCC codes")
struct FourCCCodeTests {
    @Test func rawValueIsLittleEndianASCII() {
        let mjpg: FourCC = "MJPG"
        #expect(mjpg.rawValue == 0x4750_4a4d)
        #expect(FourCC(rawValue: 0x4750_4a4d).description == "MJPG")
        #expect(FourCC("Y10 ").rawValue == 0x2030_3159)
    }

    @Test func bigEndianVariantSetsTheTopBit() throws {
        let be = try #require(FourCC("AR24-BE" as String))
        #expect(be.rawValue == 0xb432_5241)
        #expect(be.rawValue & ~(UInt32(1) << 31) == FourCC("AR24").rawValue)
        // Short codes are padded before the marker.
        #expect(FourCC("AB-BE" as String)?.description == "AB  -BE")
        // Only a suffix after at least two characters is a marker: "-BE" alone is a three-letter code.
        #expect(FourCC("-BE" as String)?.description == "-BE ")
    }

    @Test func unprintableBytesShowAsDots() {
        #expect(FourCC(rawValue: 0).description == "....")
        #expect(FourCC(rawValue: 0x8000_0000).description == "....-BE")
        #expect(FourCC(rawValue: 0x7f41_4141).description == "AAA.")
        #expect(FourCC(rawValue: 0x4141_41ff).description == ".AAA")
    }

    @Test(arguments: ["ABCDE", "é", "AB\tC", "\u{7f}", "ABCDE-BE"])
    func runtimeTextThatIsNotACode(_ text: String) {
        #expect(FourCC(text) == nil)
    }

    @Test func ordersByText() {
        let unsorted: [FourCC] = ["YUYV", "MJPG", "Y10P", "Y10 ", "BA81"]
        #expect(unsorted.sorted().map(\.description) == ["BA81", "MJPG", "Y10 ", "Y10P", "YUYV"])
    }

    @Test func codableAsText() throws {
        let codes: [FourCC] = ["Y10 ", "AR24-BE", "YUYV"]
        #expect(try roundTrip(codes) == codes)
        #expect(try JSONDecoder().decode([FourCC].self, from: Data(#"["XYZ"]"#.utf8)) == [FourCC("XYZ ")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([FourCC].self, from: Data(#"[""]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([FourCC].self, from: Data(#"["TOOLONG"]"#.utf8)) }
    }
}

@Suite("Pixel formats and their flags")
struct PixelFormatTests {
    static let sizes: [FrameSize] = [.discrete(Dimensions(width: 640, height: 480), intervals: .discrete([FrameDuration(1, 30)]))]

    @Test func flagsDeriveCompressedAndEmulated() {
        let plain = PixelFormat(index: 0, fourcc: "YUYV", description: "YUYV 4:2:2", bufferType: .videoCapture, flags: [], sizes: [])
        #expect(!plain.isCompressed && !plain.isEmulated)
        let both = PixelFormat(
            index: 1, fourcc: "MJPG", description: "Motion-JPEG", bufferType: .videoCaptureMultiplanar,
            flags: [.compressed, .emulated], sizes: [])
        #expect(both.isCompressed && both.isEmulated)
        #expect(FormatFlags(rawValue: 0x1ff).names.count == 9)
        #expect(FormatFlags(rawValue: 0x108).names == ["dyn-resolution", "csc-quantization"])
    }

    @Test func encodesDerivedBooleansAndReadsThemBackFromFlags() throws {
        let f = PixelFormat(
            index: 3, fourcc: "MJPG", description: "Motion-JPEG", bufferType: .videoCapture, flags: [.compressed], sizes: Self.sizes)
        let data = try JSONEncoder().encode(f)
        #expect(try JSONKeys.of(data) == ["index", "fourcc", "description", "bufferType", "flags", "compressed", "emulated", "sizes"])
        struct Derived: Decodable {
            var compressed: Bool
            var emulated: Bool
            var flags: [String]
            var bufferType: String
        }
        let d = try JSONDecoder().decode(Derived.self, from: data)
        #expect(d.compressed && !d.emulated && d.flags == ["compressed"] && d.bufferType == "videoCapture")
        #expect(try JSONDecoder().decode(PixelFormat.self, from: data) == f)
    }

    @Test func decodingTrustsFlagsNotTheBooleans() throws {
        let json = #"""
            {"index":0,"fourcc":"YUYV","description":"","bufferType":"videoCapture","flags":["emulated","0x400"],
             "compressed":true,"emulated":false,"sizes":[]}
            """#
        let f = try JSONDecoder().decode(PixelFormat.self, from: Data(json.utf8))
        #expect(f.flags.rawValue == 0x402)
        #expect(f.isEmulated && !f.isCompressed)
    }

    @Test func unknownBufferTypeIsRefused() {
        let json = #"{"index":0,"fourcc":"YUYV","description":"","bufferType":"videoOutput","flags":[],"sizes":[]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PixelFormat.self, from: Data(json.utf8)) }
    }
}
