import Testing

@testable import CaptureModel

@Suite("Normalized points of interest")
struct NormalizedPointTests {
    @Test(arguments: [("0.5,0.5", 0.5, 0.5), ("0,0", 0, 0), ("1,1", 1, 1), (" 0.25 , 1 ", 0.25, 1), ("1e-1,.75", 0.1, 0.75)])
    func parsesPoints(_ text: String, _ x: Double, _ y: Double) throws {
        let p = try NormalizedPoint(parsing: text)
        #expect(p.x == x && p.y == y)
    }

    @Test(arguments: ["0.5", "", "a,b", "0.5,0.5,0.5", ",0.5", "0.5,", "\t0.5,0.5", "0.5;0.5", "(0.5,0.5)"])
    func malformedText(_ text: String) {
        #expect(throws: PointOfInterestError.malformed(text)) { try NormalizedPoint(parsing: text) }
    }

    @Test(arguments: ["1.5,0.5", "-0.1,0", "0,1.0001", "nan,0.5", "0.5,inf", "-0,-1e-300"])
    func outsideThePicture(_ text: String) {
        #expect(throws: PointOfInterestError.outOfRange(text)) { try NormalizedPoint(parsing: text) }
    }

    @Test func initializerChecksRange() throws {
        #expect(try NormalizedPoint(x: 0, y: 1) == NormalizedPoint(parsing: "0,1"))
        #expect(throws: PointOfInterestError.outOfRange("2.0,0.0")) { try NormalizedPoint(x: 2, y: 0) }
        #expect(throws: PointOfInterestError.self) { try NormalizedPoint(x: .nan, y: 0.5) }
        #expect(throws: PointOfInterestError.self) { try NormalizedPoint(x: 0.5, y: -.infinity) }
    }

    @Test func roundTripsAsJSON() throws {
        let p = try NormalizedPoint(x: 0.125, y: 0.875)
        #expect(try roundTrip(p) == p)
    }
}

@Suite("Point-of-interest support from the UVC region-of-interest controls")
struct PointOfInterestSupportTests {
    static let rectName = "V4L2_CID_UVC_REGION_OF_INTEREST_RECT (0x00981ae1)"
    static let autoName = "V4L2_CID_UVC_REGION_OF_INTEREST_AUTO (0x00981ae2)"

    static func rect(typeCode: UInt32 = ControlTypeCode.rect, flags: ControlFlags = []) -> Control {
        Control(
            id: RegionOfInterestControl.rect, name: "Region of Interest Rectangle", type: typeCode == ControlTypeCode.rect ? "rect" : "int",
            typeCode: typeCode, minimum: 0, maximum: 0, step: 0, defaultValue: 0,
            value: .rect(ControlRect(left: 0, top: 0, width: 1920, height: 1080)), flags: flags.union(.hasPayload))
    }

    static func auto(validBits: Int64, flags: ControlFlags = []) -> Control {
        Control(
            id: RegionOfInterestControl.auto, name: "Region of Interest Auto Ctrls", type: "bitmask", typeCode: Ctl.bitmaskType,
            minimum: 0, maximum: validBits, step: 0, defaultValue: 1, value: .integer(1), flags: flags)
    }

    @Test func kindBits() {
        #expect(PointOfInterestKind.focus.autoBit == 0x8 && PointOfInterestKind.exposure.autoBit == 0x1)
        #expect(PointOfInterestKind.allCases == [.focus, .exposure])
    }

    @Test func notReadIsUnknown() {
        let s = PointOfInterestSupport.from(nil)
        for kind in PointOfInterestKind.allCases {
            #expect(!s[kind].supported && s[kind].evidence == .unknown)
            #expect(s[kind].controls == [Self.rectName, Self.autoName])
        }
    }

    @Test func absentControlsAreNamed() {
        let none = PointOfInterestSupport.from([])
        #expect(!none.focus.supported && none.focus.evidence == nil)
        #expect(none.focus.note.hasPrefix(PointOfInterestSupport.missingControls))
        #expect(none.focus.note.hasSuffix("(\(Self.rectName) and \(Self.autoName) absent)"))
        let onlyRect = PointOfInterestSupport.from([Self.rect()])
        #expect(!onlyRect.exposure.supported && onlyRect.exposure.note.hasSuffix("(\(Self.autoName) absent)"))
    }

    @Test func bothControlsWithBothBits() {
        let s = PointOfInterestSupport.from([Ctl.int(ControlID.brightness, "Brightness"), Self.auto(validBits: 0xff), Self.rect()])
        #expect(s.focus.supported && s.exposure.supported)
        #expect(s.focus.evidence == nil && s.focus.controls == [Self.rectName, Self.autoName])
    }

    @Test func validBitsDecidePerKind() {
        let exposureOnly = PointOfInterestSupport.from([Self.rect(), Self.auto(validBits: 0x1)])
        #expect(exposureOnly.exposure.supported && !exposureOnly.focus.supported)
        let focusOnly = PointOfInterestSupport.from([Self.rect(), Self.auto(validBits: 0x8)])
        #expect(focusOnly.focus.supported && !focusOnly.exposure.supported)
        // A negative maximum is read as its bit pattern: every bit valid.
        let all = PointOfInterestSupport.from([Self.rect(), Self.auto(validBits: -1)])
        #expect(all.focus.supported && all.exposure.supported)
    }

    @Test func wrongTypeOrReadOnlyControls() {
        #expect(!PointOfInterestSupport.from([Self.rect(typeCode: Ctl.intType), Self.auto(validBits: 0xff)]).focus.supported)
        #expect(!PointOfInterestSupport.from([Self.rect(flags: .readOnly), Self.auto(validBits: 0xff)]).focus.supported)
        #expect(!PointOfInterestSupport.from([Self.rect(), Self.auto(validBits: 0xff, flags: .disabled)]).exposure.supported)
        // Inactive is not read-only.
        #expect(PointOfInterestSupport.from([Self.rect(flags: .inactive), Self.auto(validBits: 0xff)]).focus.supported)
    }

    @Test func mapperCarriesDriverEvidence() {
        let s = SemanticMapper.map([Self.rect(), Self.auto(validBits: 0x9)])
        #expect(s.pointsOfInterest.focus.supported && s.pointsOfInterest.exposure.supported)
        #expect(s.pointsOfInterest.focus.evidence == .driver && s.pointsOfInterest.exposure.evidence == .driver)
    }
}
