import CaptureModel
import Foundation
import Testing
import V4L2Testing

@Suite("Real cameras from v4l2-ctl dumps")
struct RealCameraFixtureTests {
    @Test func camLinkNTSCRateIsExactAndFormatsRepeat() throws {
        let c = try #require(try Fixtures.system("camlink-4k.json").capture())
        #expect(c.formats.map(\.fourcc.description) == ["NV12", "NV12", "YU12"])
        guard case .discrete(_, .discrete(let l)) = c.formats[0].sizes[0] else {
            Issue.record("not discrete")
            return
        }
        #expect(l.first?.interval.description == "333667/10000000")
        #expect(formatFPS(l.first?.fps ?? 0) == "29.97")
    }

    @Test func c525HasItsCameraControlsUnderTheirOldNames() throws {
        let c = try #require(try Fixtures.system("c525.json").capture())
        #expect(c.discreteSizeCount > 40)
        for key in [
            "pan_absolute", "tilt_absolute", "zoom_absolute", "focus_auto", "focus_absolute", "led1_mode", "exposure_auto_priority",
        ] {
            #expect(c.control(key) != nil, "missing \(key)")
        }
        #expect(c.control("exposure_auto_priority")?.value == .integer(1))
        #expect(c.control("led1_mode")?.menu.map(\.name) == ["Off", "On", "Blink", "Auto"])
        #expect(c.control("pan_absolute")?.step == 3600)
        #expect(c.control("focus_absolute")?.controlClass == "camera")
    }

    @Test func pixproSquareSizes() throws {
        let c = try #require(try Fixtures.system("pixpro-4k.json").capture())
        let squares = c.formats.flatMap(\.sizes).map(\.largest).filter { $0.width == $0.height }
        #expect(squares.contains(Dimensions(width: 2880, height: 2880)))
        #expect(squares.contains(Dimensions(width: 1440, height: 1440)))
    }

    @Test func largeSyntheticDeviceIsReadInFullWithTheMinimumIoctls() throws {
        let sys = try Fixtures.system("large-synthetic.json")
        let c = try #require(sys.capture())
        #expect(c.formats.count == 24 && c.discreteSizeCount == 24 * 40 && c.discreteIntervalCount == 24 * 40 * 10)
        #expect(c.controls?.count == 64)
        #expect(sys.ioctlCounts.values.reduce(0, +) == MinimumIoctls.forNode(sys.spec.nodes[0]))
    }
}
