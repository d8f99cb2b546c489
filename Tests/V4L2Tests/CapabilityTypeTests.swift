import CaptureModel
import Testing
import V4L2Testing

@Suite("Every kind of capability the API can report")
struct CapabilityTypeTests {
    func one(_ node: String, emulated: Bool = false) throws -> (CaptureNodeCapabilities, FakeDeviceSystem) {
        let sys = try Fixtures.system(json: #"{"nodes":["# + node + "]}")
        let c = try #require(sys.capture(emulated: emulated))
        return (c, sys)
    }

    @Test func stepwiseSizesStayARangeWithIntervalsAtBothEnds() throws {
        let node =
            #"{"path":"/dev/video0","driver":"vivid","card":"vivid","busInfo":"platform:vivid-000","deviceCaps":"0x04200001","formats":[{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[{"stepwise":{"min":"16x16","max":"16384x8640","step":"2x2"},"intervals":{"stepwise":{"min":"1/60","max":"1/1","step":"1/60"}},"intervalsAtMax":{"discrete":["1/2"]}}]}]}"#
        let (c, sys) = try one(node)
        guard case .stepwise(let lo, let hi, let step, let a, let b) = c.formats[0].sizes[0] else {
            Issue.record("not stepwise")
            return
        }
        #expect(
            lo == Dimensions(width: 16, height: 16) && hi == Dimensions(width: 16384, height: 8640)
                && step == Dimensions(width: 2, height: 2))
        #expect(a == .stepwise(min: FrameDuration(1, 60), max: FrameDuration(1, 1), step: FrameDuration(1, 60)))
        #expect(b == .discrete([FrameDuration(1, 2)]))
        #expect(sys.ioctlCounts["VIDIOC_ENUM_FRAMESIZES"] == 1)  // index 0 only
        #expect(sys.ioctlCounts["VIDIOC_ENUM_FRAMEINTERVALS"] == 3)  // 1 stepwise + 1 discrete + EINVAL
    }

    @Test func continuousSizesAndIntervals() throws {
        let node =
            #"{"path":"/dev/video0","driver":"v4l2 loopback","card":"Loop","busInfo":"platform:v4l2loopback-000","deviceCaps":"0x04200001","formats":[{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[{"continuous":{"min":"48x32","max":"4096x2160"},"intervals":{"continuous":{"min":"1/60","max":"1/1"}}}]}]}"#
        let (c, _) = try one(node)
        guard case .continuous(let lo, let hi, let a, _) = c.formats[0].sizes[0] else {
            Issue.record("not continuous")
            return
        }
        #expect(lo == Dimensions(width: 48, height: 32) && hi == Dimensions(width: 4096, height: 2160))
        #expect(a == .continuous(min: FrameDuration(1, 60), max: FrameDuration(1, 1)))
        #expect(c.bestModes().first?.compactDescription == "YUYV 4096x2160@60")
    }

    @Test func multiplanarFormatsAndActiveFormat() throws {
        let node =
            #"{"path":"/dev/video0","driver":"vivid","card":"vivid","busInfo":"platform:vivid-000","deviceCaps":"0x04201000","formats":[{"fourcc":"NM12","description":"Y/UV 4:2:0 (N-C)","bufferType":"capture-mplane","sizes":[{"discrete":"1280x720","intervals":{"discrete":["1/30"]}}]},{"fourcc":"NV12","description":"Y/UV 4:2:0","bufferType":"capture-mplane","sizes":[{"discrete":"1280x720","intervals":{"discrete":["1/30"]}}]},{"fourcc":"YUYV","description":"not offered on this buffer type","sizes":[]}],"activeFormat":{"fourcc":"NM12","width":1280,"height":720,"bufferType":"capture-mplane","planes":2,"sizeImage":1382400,"bytesPerLine":1280,"quantization":2}}"#
        let (c, _) = try one(node)
        #expect(c.formats.map(\.fourcc.description) == ["NM12", "NV12"])
        #expect(c.formats.allSatisfy { $0.bufferType == .videoCaptureMultiplanar })
        let a = try #require(c.activeFormat)
        #expect(a.planes.count == 2 && a.sizeImage == 1382400 && a.quantization == "limited-range")
    }

    @Test func emulatedFormatsOnlyThroughLibV4L2AndMarked() throws {
        let node = webcamNode(
            extra:
                #""emulatedFormats":[{"fourcc":"RGB3","description":"RGB3","sizes":[{"discrete":"640x480","intervals":{"discrete":["1/30"]}}]}]"#
        )
        let (native, _) = try one(node)
        #expect(native.formats.map(\.fourcc.description) == ["YUYV", "MJPG"])
        #expect(!native.throughLibV4L2)
        let (emulated, _) = try one(node, emulated: true)
        #expect(emulated.formats.map(\.fourcc.description) == ["YUYV", "MJPG", "RGB3"])
        #expect(emulated.formats.map(\.isEmulated) == [false, false, true])
        #expect(emulated.throughLibV4L2)
        #expect(emulated.bestModes().last?.isEmulated == true)
    }

    @Test func controlTypesMenusAndValues() throws {
        let controls = #"""
            "controls":[
              {"id":"0x00980001","name":"User Controls","type":"ctrl_class","flags":["read-only","write-only"]},
              {"id":"0x0098f906","name":"Integer Menu","type":"intmenu","min":1,"max":5,"default":2,"value":3,"menu":{"1":1,"2":2,"3":3,"5":8}},
              {"id":"0x0098f905","name":"String","type":"str","min":2,"max":16,"step":1,"value":"abc"},
              {"id":"0x0098f904","name":"Integer 64 Bits","type":"int64","min":-9223372036854775808,"max":9223372036854775807,"step":1,"value":-5000000000},
              {"id":"0x0098f901","name":"Button","type":"button","flags":["write-only","execute-on-write"]},
              {"id":"0x0098f903","name":"Bitmask","type":"bitmask","max":2147483647,"default":32768,"value":32768},
              {"id":"0x0098f90a","name":"U8 Array","type":"u8","min":0,"max":255,"step":1,"elems":16,"dims":[16],"flags":["has-payload"]},
              {"id":"0x009a0003","name":"Disabled One","type":"int","flags":["disabled"]}]
            """#
        let node =
            #"{"path":"/dev/video0","driver":"vivid","card":"vivid","busInfo":"platform:vivid-000","deviceCaps":"0x04200001","formats":[],"activeFormat":{"fourcc":"YUYV","width":640,"height":360},"#
            + controls + "}"
        let (c, sys) = try one(node)
        let keys = try #require(c.controls).map(\.key)
        #expect(keys == ["button", "bitmask", "integer_64_bits", "string", "integer_menu", "u8_array"])
        let im = try #require(c.control("integer_menu"))
        #expect(im.type == "intmenu")
        #expect(
            im.menu == [
                MenuItem(index: 1, value: 1), MenuItem(index: 2, value: 2), MenuItem(index: 3, value: 3), MenuItem(index: 5, value: 8),
            ])
        #expect(im.value == .integer(3))
        #expect(c.control("string")?.value == .string("abc"))
        #expect(c.control("integer_64_bits")?.value == .integer(-5_000_000_000))
        #expect(c.control("integer_64_bits")?.minimum == Int64.min)
        #expect(c.control("button")?.value == nil)
        #expect(c.control("u8_array")?.value == .array(Array(repeating: 0, count: 16)))  // read as 16 u8 elements, not dropped
        #expect(c.control("u8_array")?.dimensions == [16])
        #expect(c.problems.isEmpty)
        #expect(sys.ioctlCounts["VIDIOC_QUERYMENU"] == 5)  // indexes 1...5, index 4 answers EINVAL
        #expect(sys.ioctlCounts["VIDIOC_G_EXT_CTRLS"] == 1)  // one batch
    }

    @Test func ntscRatesAndDuplicatesAreKeptAndReported() throws {
        let node =
            #"{"path":"/dev/video0","driver":"uvcvideo","card":"Cam Link 4K","busInfo":"usb-x","deviceCaps":"0x04200001","formats":[{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[{"discrete":"1920x1080","intervals":{"discrete":["1001/60000","1001/30000","1/30"]}},{"discrete":"1920x1080","intervals":{"discrete":["1001/30000"]}}]},{"fourcc":"YUYV","description":"YUYV 4:2:2","sizes":[]}]}"#
        let (c, _) = try one(node)
        guard case .discrete(_, .discrete(let l)) = c.formats[0].sizes[0] else {
            Issue.record("not discrete")
            return
        }
        #expect(l.map(\.interval.description) == ["1001/60000", "1001/30000", "1/30"])
        #expect(c.formats.count == 2)
        #expect(c.problems.filter { $0.kind == "duplicate" }.count == 3)  // fourcc once, size once per listing of YUYV
    }
}
