import CaptureModel
import Testing
import V4L2
import V4L2Testing

@Suite("Failure cases at the ioctl seam")
struct FailureTests {
    @Test func enodevMidEnumerationGivesPartialResultAndClearError() throws {
        let sys = try Fixtures.system(
            json: #"{"nodes":["# + webcamNode(extra: #""faults":[{"ioctl":"VIDIOC_ENUM_FRAMEINTERVALS","afterCalls":3,"errno":"ENODEV"}]"#)
                + "]}")
        let c = try #require(sys.capture())
        // Formats read before the unplug are kept; nothing is invented after it.
        #expect(c.formats.map(\.fourcc.description) == ["YUYV"])
        #expect(c.formats[0].sizes.count == 2)
        #expect(c.discreteIntervalCount == 2)
        #expect(c.controls == [])
        #expect(c.activeFormat == nil)
        let gone = try #require(c.problems.first { $0.kind == "device-gone" })
        #expect(gone.call == "VIDIOC_ENUM_FRAMEINTERVALS")
        #expect(gone.errnoName == "ENODEV")
        #expect(gone.message.contains("partial"))
        // Exactly one device-gone problem, and no ioctl was sent after it failed beyond the failing one.
        #expect(c.problems.filter { $0.kind == "device-gone" }.count == 1)
        #expect(sys.ioctlCounts["VIDIOC_QUERY_EXT_CTRL"] == nil)
    }

    @Test func endlessFormatListHitsTheBoundAndSaysSo() throws {
        let sys = try Fixtures.system(json: #"{"nodes":["# + webcamNode(extra: #""endlessList":"VIDIOC_ENUM_FMT""#) + "]}")
        var limits = EnumerationLimits()
        limits.formats = 50
        let c = try #require(sys.capture(limits: limits))
        #expect(c.formats.count == 50)
        #expect(c.problems.contains { $0.kind == "bound-hit" && $0.call == "VIDIOC_ENUM_FMT" })
        #expect(sys.ioctlCounts["VIDIOC_ENUM_FMT"] == 50)
    }

    @Test func endlessIntervalListIsBounded() throws {
        let sys = try Fixtures.system(json: #"{"nodes":["# + webcamNode(extra: #""endlessList":"VIDIOC_ENUM_FRAMEINTERVALS""#) + "]}")
        var limits = EnumerationLimits()
        limits.frameIntervals = 16
        let c = try #require(sys.capture(limits: limits))
        #expect(c.discreteIntervalCount == 4 * 16)
        #expect(c.problems.filter { $0.kind == "bound-hit" }.count == 4)
    }

    @Test func controlWalkThatDoesNotAdvanceIsCut() throws {
        let sys = try Fixtures.system(json: #"{"nodes":["# + webcamNode(extra: #""endlessList":"VIDIOC_QUERY_EXT_CTRL""#) + "]}")
        let c = try #require(sys.capture())
        #expect(c.controls?.count == 2)
        #expect(c.problems.contains { $0.call == "VIDIOC_QUERY_EXT_CTRL" && $0.kind == "bound-hit" })
    }

    @Test func zeroDenominatorsAreKeptAndFlagged() throws {
        let json =
            #"{"nodes":[{"path":"/dev/video0","driver":"odd","card":"Odd","busInfo":"usb-1","deviceCaps":"0x04200001","#
            + #""formats":[{"fourcc":"YUYV","description":"YUYV","sizes":[{"discrete":"640x480","intervals":{"discrete":["1/30","1/0","0/1"]}}]}],"#
            + #""frameInterval":"1/0"}]}"#
        let c = try #require(try Fixtures.system(json: json).capture())
        guard case .discrete(_, .discrete(let list)) = c.formats[0].sizes[0] else {
            Issue.record("expected discrete")
            return
        }
        #expect(list.map(\.interval.description) == ["1/30", "1/0", "0/1"])
        #expect(list.map(\.fps) == [30, nil, nil])
        #expect(c.problems.filter { $0.kind == "invalid-value" }.count == 3)  // two intervals + G_PARM
        #expect(c.streamingParameters?.frameInterval == nil)
        #expect(c.bestModes().first?.fps == 30)
    }

    @Test func eintrIsRetriedTransparently() throws {
        let sys = try Fixtures.system(
            json: #"{"nodes":["#
                + webcamNode(
                    extra:
                        #""faults":[{"ioctl":"VIDIOC_QUERYCAP","errno":"EINTR"},{"ioctl":"VIDIOC_ENUM_FMT","afterCalls":1,"errno":"EINTR"}]"#
                ) + "]}")
        let c = try #require(sys.capture())
        #expect(c.problems.isEmpty)
        #expect(c.formats.map(\.fourcc.description) == ["YUYV", "MJPG"])
        #expect(sys.ioctlCounts["VIDIOC_QUERYCAP"] == 2)
    }

    @Test func eioOnOneControlValueDoesNotLoseTheOthers() throws {
        let sys = try Fixtures.system(
            json: #"{"nodes":["#
                + webcamNode(
                    extra:
                        #""faults":[{"ioctl":"VIDIOC_G_EXT_CTRLS","errno":"EIO"},{"ioctl":"VIDIOC_G_EXT_CTRLS","afterCalls":1,"errno":"EIO"}]"#
                ) + "]}")
        let c = try #require(sys.capture())
        // Batch failed, first single read failed, second single read succeeded.
        #expect(c.control("brightness")?.value == nil)
        #expect(c.control("power_line_frequency")?.value == .integer(1))
        #expect(c.problems.count == 1)
        #expect(c.problems[0].message.contains("brightness"))
    }

    @Test func aNodeWithoutFormatsIsDescribedNotAnError() throws {
        let node =
            #"{"path":"/dev/video20","driver":"v4l2 loopback","card":"Dummy video device","busInfo":"platform:v4l2loopback-000","deviceCaps":"0x04200001","formats":[],"frameInterval":"1/30"}"#
        let c = try #require(try Fixtures.system(json: #"{"nodes":["# + node + "]}").capture())
        #expect(c.problems.map(\.kind) == ["no-formats"])
        #expect(c.activeFormat == nil)
        #expect(c.streamingParameters?.frameInterval == FrameDuration(1, 30))
    }

    @Test func listingSendsNoStateChangingIoctl() throws {
        let sys = try Fixtures.system(json: #"{"nodes":["# + webcamNode() + "]}")
        _ = sys.capture(emulated: true)
        for port in sys.openedPorts { #expect(port.stateChanging == 0) }
    }
}
