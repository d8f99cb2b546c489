import CaptureModel
import FoundationEssentials
import Negotiation
import PointsOfInterest
import Testing
import V4L2
import V4L2Testing

/// Points of interest through uvcvideo's region of interest, and compound
/// control values, against the fake device (which lays payloads out as the
/// kernel does: `struct v4l2_rect`, `struct v4l2_area`, packed elements).
@Suite("Region of interest and compound controls")
struct RegionOfInterestTests {
    func roiCamera() throws -> (FakeDeviceSystem, CaptureNodeCapabilities) {
        let sys = try Fixtures.system("uvc-roi.json")
        let node = try #require(sys.capture())
        return (sys, node)
    }

    func set(_ kind: PointOfInterestKind, _ text: String) throws -> PointOfInterestChange {
        let (sys, node) = try roiCamera()
        let port = try sys.openPort(node.path)
        return try PointOfInterestSetter.set(kind, to: try NormalizedPoint(parsing: text), node: node, port: port)
    }

    @Test func enumerationReadsTheRectWithItsMinimumAndMaximum() throws {
        let (sys, node) = try roiCamera()
        let rect = try #require(node.controls?.first { $0.id == RegionOfInterestControl.rect })
        #expect(rect.type == "rect")
        #expect(rect.typeCode == 0x107)
        #expect(rect.elementSize == 16)
        #expect(rect.flags.contains(.hasWhichMinMax))
        #expect(rect.value == .rect(ControlRect(left: 0, top: 0, width: 100, height: 80)))
        #expect(rect.minimumValue == .rect(ControlRect(left: 0, top: 0, width: 1, height: 1)))
        #expect(rect.maximumValue == .rect(ControlRect(left: 0, top: 0, width: 640, height: 480)))
        #expect(node.controls?.first { $0.id == RegionOfInterestControl.auto }?.value == .integer(1))
        #expect(node.problems.isEmpty)
        // One batch for the current values, then one call each for the minimum and maximum.
        #expect(sys.ioctlCounts["VIDIOC_G_EXT_CTRLS"] == 3)
        let support = PointOfInterestSupport.from(node.controls)
        #expect(support.focus.supported && support.exposure.supported)
        #expect(support.focus.controls.contains("V4L2_CID_UVC_REGION_OF_INTEREST_RECT (0x00981ae1)"))
    }

    /// 640x480, current region 100x80: the centre (320,240) gives left 320-50, top 240-40.
    @Test func focusPointAtTheCentre() throws {
        let c = try set(.focus, "0.5,0.5")
        #expect(c.requested == ControlRect(left: 270, top: 200, width: 100, height: 80))
        #expect(c.after == c.requested)
        #expect(c.autoBefore == 1)
        #expect(c.autoWritten == 1 | 8)  // AUTO_EXPOSURE kept, AUTO_FOCUS added
        #expect(c.autoAfter == 9)
    }

    @Test func exposurePointKeepsTheBitsAndAddsExposure() throws {
        let c = try set(.exposure, "0.25,0.75")
        // (160,360) - (50,40)
        #expect(c.requested == ControlRect(left: 110, top: 320, width: 100, height: 80))
        #expect(c.autoWritten == 1)
    }

    @Test func pointsAtTheCornersAreClampedIntoTheMaximumRectangle() throws {
        #expect(try set(.focus, "0,0").requested == ControlRect(left: 0, top: 0, width: 100, height: 80))
        // (640,480) - (50,40) = (590,440), moved back to 640-100, 480-80.
        #expect(try set(.focus, "1,1").requested == ControlRect(left: 540, top: 400, width: 100, height: 80))
    }

    @Test func anEmptyRegionTakesTheMinimumSize() {
        let r = PointOfInterestGeometry.rect(
            for: try! NormalizedPoint(x: 0.5, y: 0.5), frameWidth: 640, frameHeight: 480,
            current: ControlRect(left: 0, top: 0, width: 0, height: 0), minimum: ControlRect(left: 0, top: 0, width: 32, height: 32),
            maximum: ControlRect(left: 0, top: 0, width: 640, height: 480))
        #expect(r == ControlRect(left: 304, top: 224, width: 32, height: 32))
    }

    @Test func aCameraWithoutTheControlsSaysSo() throws {
        let sys = try Fixtures.system(json: #"{"nodes":["# + webcamNode() + "]}")
        let node = try #require(sys.capture())
        let port = try sys.openPort(node.path)
        #expect(PointOfInterestSupport.from(node.controls).focus.supported == false)
        let point = try NormalizedPoint(x: 0.5, y: 0.5)
        do throws(PointOfInterestFailure) {
            _ = try PointOfInterestSetter.set(.focus, to: point, node: node, port: port)
            Issue.record("set on a camera without ROI")
        } catch {
            #expect(error.description.hasPrefix("not supported: the camera has no UVC region-of-interest controls"))
        }
        #expect(sys.ioctlCounts["VIDIOC_S_EXT_CTRLS"] == nil)
    }

    @Test func pointsOutsideZeroToOneAreRefused() {
        #expect(throws: PointOfInterestError.outOfRange("1.5,0")) { try NormalizedPoint(parsing: "1.5,0") }
        #expect(throws: PointOfInterestError.outOfRange("0,-0.1")) { try NormalizedPoint(parsing: "0,-0.1") }
        #expect(throws: PointOfInterestError.malformed("0.5")) { try NormalizedPoint(parsing: "0.5") }
        #expect((try? NormalizedPoint(parsing: "1,0")) != nil)
    }

    @Test func aBitmaskWithoutTheFocusBitSupportsOnlyExposure() {
        let rect = Control(
            id: RegionOfInterestControl.rect, name: "Region of Interest Rectangle", type: "rect", typeCode: 0x107, minimum: 0,
            maximum: 0, step: 0, defaultValue: 0, value: nil, flags: [.hasPayload, .hasWhichMinMax], elementSize: 16)
        let auto = Control(
            id: RegionOfInterestControl.auto, name: "Region of Interest Auto Ctrls", type: "bitmask", typeCode: 8, minimum: 0,
            maximum: 0x7, step: 0, defaultValue: 1, value: .integer(1), flags: [])
        let s = PointOfInterestSupport.from([rect, auto])
        #expect(s.exposure.supported)
        #expect(!s.focus.supported)
        #expect(s.focus.note.contains("V4L2_UVC_REGION_OF_INTEREST_AUTO_FOCUS"))
        #expect(PointOfInterestSupport.from(nil).focus.evidence == .unknown)
    }

    /// Area, arrays and an unknown compound type: read with their real sizes,
    /// never as an integer; the unknown one keeps its type name and no value.
    @Test func compoundValuesAreReadWithTheirOwnLayout() throws {
        let controls = #"""
            "controls":[
              {"id":"0x0098f908","name":"Area","type":"area","flags":["has-payload"],"value":[1000,2000]},
              {"id":"0x0098f90b","name":"U16 Matrix","type":"u16","min":0,"max":65535,"step":1,"elems":6,"dims":[2,3],"flags":["has-payload"],"value":[1,2,3,4,5,65535]},
              {"id":"0x0098f90c","name":"U32 Array","type":"u32","min":0,"max":4294967295,"step":1,"elems":2,"dims":[2],"flags":["has-payload"],"value":[7,4294967295]},
              {"id":"0x0098f90d","name":"S32 Array","type":"int","min":-10,"max":10,"step":1,"elems":3,"dims":[3],"flags":["has-payload"],"value":[-1,0,1]},
              {"id":"0x0098f90e","name":"Codec Thing","type":"compound-0x200","elemSize":1032,"flags":["has-payload"]}]
            """#
        let node =
            #"{"path":"/dev/video0","driver":"vivid","card":"vivid","busInfo":"platform:vivid-000","deviceCaps":"0x04200001","#
            + #""formats":[{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[{"discrete":"640x480","intervals":{"discrete":["1/30"]}}]}],"activeFormat":{"fourcc":"YUYV","width":640,"height":480},"#
            + controls + "}"
        let sys = try Fixtures.system(json: #"{"nodes":["# + node + "]}")
        let c = try #require(sys.capture())
        #expect(c.control("area")?.value == .area(ControlArea(width: 1000, height: 2000)))
        #expect(c.control("area")?.elementSize == 8)
        #expect(c.control("u16_matrix")?.value == .array([1, 2, 3, 4, 5, 65535]))
        #expect(c.control("u32_array")?.value == .array([7, 4_294_967_295]))
        #expect(c.control("s32_array")?.value == .array([-1, 0, 1]))
        let unknown = try #require(c.control("codec_thing"))
        #expect(unknown.type == "compound-0x200")
        #expect(unknown.value == nil)
        #expect(c.problems.isEmpty)
    }

    /// The new values survive JSON (Codable) and old scalar values decode as before.
    @Test func controlValuesRoundTripThroughJSON() throws {
        let values: [ControlValue] = [
            .integer(-3), .string("x"), .rect(ControlRect(left: -1, top: 2, width: 3, height: 4)),
            .area(ControlArea(width: 5, height: 6)), .array([1, -2, 3]), .array([]),
        ]
        let data = try JSONEncoder().encode(values)
        #expect(try JSONDecoder().decode([ControlValue].self, from: data) == values)
        #expect(
            String(decoding: try JSONEncoder().encode(ControlValue.area(ControlArea(width: 5, height: 6))), as: UTF8.self)
                .contains("\"width\":5"))
    }
}
