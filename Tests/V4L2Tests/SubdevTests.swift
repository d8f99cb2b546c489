import CaptureModel
import Testing
import V4L2
import V4L2Testing

/// Subdevice pads (the real modes of media-controller cameras) read through the
/// seam, and a sensor's frame rate computed exactly from its blanking.
@Suite("Subdevice pads and sensor timing")
struct SubdevTests {
    /// vimc's Sensor A as VIMC.md describes it (three of its 31 codes): continuous
    /// 16x16–4096x2160, no interval list, RGB888_1X24/640x480 active at power-on.
    static let vimcSensor = #"""
        {"path":"/dev/v4l-subdev0","driver":"vimc","card":"Sensor A","busInfo":"platform:vimc",
         "subdev":{"pads":[{"pad":0,"codes":[
            {"code":"RGB888_1X24","sizes":["16x16-4096x2160"]},
            {"code":"SRGGB8_1X8","sizes":["16x16-4096x2160"]},
            {"code":"SBGGR10_1X10","sizes":["16x16-4096x2160"]}],
          "active":{"code":"RGB888_1X24","size":"640x480"}}]}}
        """#

    /// A Pi-style raw sensor: fixed modes, crop bounds, and rate from PIXEL_RATE / HBLANK / VBLANK.
    static let piSensor = #"""
        {"path":"/dev/v4l-subdev2","driver":"imx708","card":"imx708","busInfo":"",
         "subdev":{"pads":[{"pad":0,"codes":[
            {"code":"SRGGB10_1X10","sizes":["4608x2592","2304x1296","1536x864"]}],
          "active":{"code":"SRGGB10_1X10","size":"1536x864"},
          "crop":"1536x864@768,432","cropBounds":"4608x2592@16,24","nativeSize":"4640x2658@0,0"}]},
         "controls":[
            {"id":"0x009e0901","name":"Vertical Blanking","type":"int","min":20,"max":65000,"step":1,"default":100,"value":100},
            {"id":"0x009e0902","name":"Horizontal Blanking","type":"int","min":400,"max":400,"step":1,"default":400,"value":400,"flags":["read-only"]},
            {"id":"0x009f0902","name":"Pixel Rate","type":"int64","min":100000000,"max":100000000,"step":1,"default":100000000,"value":100000000,"flags":["read-only"]}]}
        """#

    func port(_ json: String) throws -> (FakeDeviceSystem, CountingPort) {
        let sys = try Fixtures.system(json: #"{"nodes":["# + json + "]}")
        let path = try #require(sys.spec.nodes.first?.path)
        return (sys, try sys.openPort(path))
    }

    @Test func vimcSensorPadListsItsCodesAsContinuousRanges() throws {
        let (_, p) = try port(Self.vimcSensor)
        let (modes, problems) = SubdevEnumerator(port: p).read(pad: 0)
        #expect(problems.isEmpty)
        #expect(modes.codes.map(\.code.description) == ["RGB888_1X24", "SRGGB8_1X8", "SBGGR10_1X10"])
        #expect(
            modes.codes.allSatisfy {
                $0.sizes == [SubdevFrameSize(min: Dimensions(width: 16, height: 16), max: Dimensions(width: 4096, height: 2160))]
            })
        #expect(modes.active?.description == "RGB888_1X24/640x480")
        #expect(modes.cropBounds == nil)  // vimc has no selection targets: unknown, not an error
        #expect(p.stateChanging == 0)
    }

    @Test func piSensorModesCropAndExactRateFromBlanking() throws {
        let (sys, p) = try port(Self.piSensor)
        let (modes, problems) = SubdevEnumerator(port: p).read(pad: 0)
        #expect(problems.isEmpty)
        #expect(modes.codes.first?.sizes.map(\.max.description) == ["4608x2592", "2304x1296", "1536x864"])
        #expect(modes.cropBounds == PixelRect(left: 16, top: 24, width: 4608, height: 2592))
        #expect(modes.nativeSize?.width == 4640)
        #expect(modes.crop?.left == 768)
        let (controls, controlProblems) = SubdevEnumerator(port: p).controls()
        #expect(controlProblems.isEmpty && controls.count == 3)
        _ = sys
        let timing = try #require(SensorTiming(controls: controls))
        // (1536 + 400) × (864 + 100) / 100 000 000 s, reduced — checked with Python's fractions.
        #expect(timing.frameInterval(width: 1536, height: 864) == Rational(29161, 1_562_500))
        let range = try #require(timing.intervalRange(width: 1536, height: 864))
        #expect(range.shortest == Rational(26741, 1_562_500) && range.longest == Rational(996_193, 781_250))
    }

    @Test func hostileTimingIsUnknownNotATrap() {
        let t = SensorTiming(pixelRate: 0, hblank: -5, vblank: Int64.max, vblankMinimum: 9, vblankMaximum: 1)
        #expect(t.frameInterval(width: .max, height: .max) == nil)
        #expect(t.intervalRange(width: 640, height: 480) == nil)
        let huge = SensorTiming(pixelRate: 1, hblank: 0, vblank: 0, vblankMinimum: 0, vblankMaximum: 0)
        #expect(huge.frameInterval(width: .max, height: .max) == nil)  // does not fit 32 bits: unknown
    }

    @Test func endlessCodeListIsBounded() throws {
        let endless = Self.vimcSensor.replacing(
            #""busInfo":"platform:vimc","#, with: #""busInfo":"platform:vimc","endlessList":"VIDIOC_SUBDEV_ENUM_MBUS_CODE","#)
        let (_, p) = try port(endless)
        let (modes, problems) = SubdevEnumerator(port: p).read(pad: 0)
        #expect(problems.contains { $0.kind == "bound-hit" && $0.call == "VIDIOC_SUBDEV_ENUM_MBUS_CODE" })
        #expect(modes.codes.count == 3)  // the repeats are duplicates, reported once each
    }

    @Test func vanishingSensorGivesPartialModesAndOneProblem() throws {
        let gone = Self.piSensor.replacing(
            #""busInfo":"","#, with: #""busInfo":"","faults":[{"ioctl":"VIDIOC_SUBDEV_ENUM_FRAME_SIZE","afterCalls":1,"errno":"ENODEV"}],"#)
        let (_, p) = try port(gone)
        let (modes, problems) = SubdevEnumerator(port: p).read(pad: 0)
        #expect(modes.codes.first?.sizes.count == 1)
        #expect(problems.filter { $0.kind == "device-gone" }.count == 1)
    }

    @Test func mediaBusCodeNamesComeFromTheKernelHeader() {
        #expect(MediaBusCode(rawValue: 0x300f).description == "SRGGB10_1X10")
        #expect(MediaBusCode(name: "RGB888_1X24")?.rawValue == 0x100a)
        #expect(MediaBusCode(rawValue: 0xdead).description == "0xdead")
    }
}
