import CaptureModel
import Testing

@Suite("Best-mode summary")
struct BestModesTests {
    func caps(_ formats: [PixelFormat]) -> CaptureNodeCapabilities {
        CaptureNodeCapabilities(
            path: "/dev/video0",
            identity: NodeIdentity(
                driver: "x", card: "x", busInfo: "x", version: "1.0.0",
                capabilities: [], deviceCaps: [.videoCapture]), formats: formats)
    }
    func size(_ w: UInt32, _ h: UInt32, _ fps: [UInt32]) -> FrameSize {
        .discrete(Dimensions(width: w, height: h), intervals: .discrete(fps.map { FrameDuration(1, $0) }))
    }

    @Test func picksLargestSizeAtThirtyPerFormat() {
        let c = caps([
            PixelFormat(
                index: 0, fourcc: FourCC("YUYV"), description: "", bufferType: .videoCapture, flags: [],
                sizes: [size(640, 480, [30, 15]), size(1920, 1080, [5])]),
            PixelFormat(
                index: 1, fourcc: FourCC("MJPG"), description: "", bufferType: .videoCapture, flags: .compressed,
                sizes: [size(1920, 1080, [30]), size(1280, 720, [60])]),
        ])
        #expect(c.bestModes().map(\.compactDescription) == ["MJPG 1920x1080@30", "YUYV 640x480@30"])
    }

    @Test func fallsBackToBestRateWhenNothingReachesThirty() {
        let c = caps([
            PixelFormat(
                index: 0, fourcc: FourCC("YUYV"), description: "", bufferType: .videoCapture, flags: [],
                sizes: [size(640, 480, [15]), size(1280, 720, [10])])
        ])
        #expect(c.bestModes().map(\.compactDescription) == ["YUYV 1280x720@10"])
    }

    @Test func emulatedComesLast() {
        let c = caps([
            PixelFormat(
                index: 0, fourcc: FourCC("RGB3"), description: "", bufferType: .videoCapture, flags: .emulated,
                sizes: [size(1920, 1080, [30])]),
            PixelFormat(
                index: 1, fourcc: FourCC("YUYV"), description: "", bufferType: .videoCapture, flags: [],
                sizes: [size(640, 480, [30])]),
        ])
        #expect(c.bestModes().first?.fourcc == FourCC("YUYV"))
    }
}
