import Testing

@testable import CaptureModel

@Suite("Capture modes and node order")
struct CaptureModeTests {
    static let hd = Dimensions(width: 1280, height: 720)

    @Test func descriptionsTrimPaddingAndNameTheRate() {
        let m = CaptureMode(fourcc: "MJPG", size: Self.hd, frameRate: Rational(30, 1))
        #expect(m.description == "MJPG 1280x720 @ 30 fps")
        #expect(m.compactDescription == "MJPG 1280x720@30")
        let y10 = CaptureMode(fourcc: "Y10 ", size: Dimensions(width: 640, height: 480), frameRate: Rational(60, 1), isEmulated: true)
        #expect(y10.description == "Y10 640x480 @ 60 fps (emulated)")
        #expect(y10.compactDescription == "Y10 640x480@60")
        let unknown = CaptureMode(fourcc: "BA81", size: Dimensions(width: 4096, height: 2160), frameRate: nil)
        #expect(unknown.description == "BA81 4096x2160 @ ? fps")
        #expect(unknown.compactDescription == "BA81 4096x2160@?")
    }

    @Test func ntscRateStaysExact() {
        let m = CaptureMode(fourcc: "YUYV", size: Self.hd, frameRate: Rational(30000, 1001))
        #expect(m.frameInterval == FrameDuration(1001, 30000))
        #expect(m.compactDescription == "YUYV 1280x720@29.97")
        #expect(m.fps == 30000.0 / 1001.0)
    }

    @Test func invalidRatesHaveNoIntervalOrFPS() {
        for rate in [Rational(0, 1), Rational(30, 0), Rational(0, 0)] {
            let m = CaptureMode(fourcc: "YUYV", size: Self.hd, frameRate: rate)
            #expect(m.fps == nil && m.frameInterval == nil, "\(rate)")
            #expect(m.compactDescription == "YUYV 1280x720@?")
        }
    }

    @Test func defaultsAreTheSingleplanarHeldNode() {
        let m = CaptureMode(fourcc: "YUYV", size: Self.hd, frameRate: nil)
        #expect(m.path == nil && m.bufferType == .videoCapture && !m.isEmulated)
    }

    @Test func bestModesOfAFormatWithoutRatesComeLastWithUnknownRate() {
        let caps = CaptureNodeCapabilities(
            path: "/dev/video3",
            identity: NodeIdentity(
                driver: "unicam", card: "unicam", busInfo: "platform:unicam", version: "6.1.0", capabilities: [],
                deviceCaps: [.videoCapture]),
            formats: [
                PixelFormat(
                    index: 0, fourcc: "pRAA", description: "", bufferType: .videoCapture, flags: [],
                    sizes: [.discrete(Dimensions(width: 4608, height: 2592), intervals: .unknown(reason: "sensor"))]),
                PixelFormat(
                    index: 1, fourcc: "YUYV", description: "", bufferType: .videoCapture, flags: [],
                    sizes: [.discrete(Dimensions(width: 320, height: 240), intervals: .discrete([FrameDuration(1, 30)]))]),
                PixelFormat(index: 2, fourcc: "GREY", description: "", bufferType: .videoCapture, flags: [], sizes: []),
            ])
        let modes = caps.bestModes()
        #expect(modes.map(\.compactDescription) == ["YUYV 320x240@30", "pRAA 4608x2592@?"])
        #expect(modes.allSatisfy { $0.path == "/dev/video3" })
        #expect(caps.bestModes(limit: 1).map(\.compactDescription) == ["YUYV 320x240@30"])
        #expect(caps.bestModes(limit: 0).isEmpty)
    }

    @Test func duplicateFourCCsCountOnce() {
        let f = PixelFormat(
            index: 0, fourcc: "YUYV", description: "", bufferType: .videoCapture, flags: [],
            sizes: [.discrete(Self.hd, intervals: .discrete([FrameDuration(1, 10)]))])
        var second = f
        second.index = 1
        second.sizes = [.discrete(Dimensions(width: 1920, height: 1080), intervals: .discrete([FrameDuration(1, 30)]))]
        let caps = CaptureNodeCapabilities(
            path: "/dev/video0",
            identity: NodeIdentity(driver: "x", card: "x", busInfo: "x", version: "1", capabilities: [], deviceCaps: [.videoCapture]),
            formats: [f, second])
        #expect(caps.bestModes().map(\.compactDescription) == ["YUYV 1280x720@10"])
    }

    @Test(arguments: [
        ("/dev/video2", "/dev/video10", true), ("/dev/video10", "/dev/video2", false), ("/dev/video1", "/dev/video1", false),
        ("/dev/media0", "/dev/video0", true), ("/dev/video", "/dev/video0", true), ("/dev/v4l-subdev9", "/dev/v4l-subdev11", true),
        ("hw:1", "hw:0", false),
    ])
    func nodeOrder(_ a: String, _ b: String, _ less: Bool) {
        #expect(NodeOrder.less(a, b) == less)
    }

    @Test func nodeOrderSortsAListNaturally() {
        let nodes = ["/dev/video10", "/dev/media1", "/dev/video2", "/dev/video0", "/dev/media0"]
        #expect(nodes.sorted(by: NodeOrder.less) == ["/dev/media0", "/dev/media1", "/dev/video0", "/dev/video2", "/dev/video10"])
    }
}
