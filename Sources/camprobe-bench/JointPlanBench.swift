import CamProbe
import Negotiation

/// `camprobe-bench --joint N`: `Negotiator.decide(together:)` for 8 cameras of 100 modes each (two formats × 50
/// sizes, at 30/15/5 fps), two per EHCI controller, all asking 1280x720 MJPEG at 30 fps (which does not fit, so every
/// domain is searched). Prints the median and worst of N plans in Markdown; exit 1 when the median is over 50 ms.
enum JointPlanBench {
    static func run(iterations: Int) -> Int32 {
        var sizes: [FrameSize] = []
        for i in 0..<50 {
            let d = Dimensions(width: UInt32(160 + 32 * i), height: UInt32(120 + 18 * i))
            sizes.append(.discrete(d, intervals: .discrete([30, 15, 5].map { FrameDuration(1, $0) })))
        }
        let formats = [
            PixelFormat(index: 0, fourcc: "YUYV", description: "YUYV 4:2:2", bufferType: .videoCapture, flags: [], sizes: sizes),
            PixelFormat(index: 1, fourcc: "MJPG", description: "Motion-JPEG", bufferType: .videoCapture, flags: .compressed, sizes: sizes),
        ]
        let node = CaptureNodeCapabilities(
            path: "/dev/video0",
            identity: NodeIdentity(
                driver: "uvcvideo", card: "bench", busInfo: "usb", version: "6.1.0", capabilities: [], deviceCaps: [.videoCapture]),
            formats: formats)
        let packets: [UInt16] = [0x00c0, 0x0180, 0x0200, 0x0280, 0x0320, 0x03b0, 0x0a80, 0x0b20, 0x0be0, 0x1380, 0x13fc]
        let alts =
            [USBStreamingAlt(interface: 1, alt: 0, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0)]
            + packets.enumerated().map {
                USBStreamingAlt(interface: 1, alt: UInt8($0.offset + 1), endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: $0.element)
            }
        let request = CaptureRequest(
            size: .exact(Dimensions(width: 1280, height: 720)), rate: .atLeast(Rational(30, 1)), format: .list(["MJPG"]))
        let cameras = (0..<8).map { i in
            JointCamera(
                id: "cam\(i)", name: "cam\(i)", node: node, wish: .request(request),
                link: USBLink(
                    sysfsName: "\(i / 2 + 1)-\(i % 2 + 1)", bus: i / 2 + 1, devpath: "\(i % 2 + 1)", speedMbps: 480,
                    controller: USBController(driver: "ehci-pci"), alts: alts))
        }
        var times: [Double] = []
        var plan: JointPlan?
        for _ in 0..<max(1, iterations) {
            let t0 = now()
            plan = Negotiator.decide(together: cameras)
            times.append((now() - t0) * 1000)
        }
        times.sort()
        let median = times[times.count / 2]
        print("")
        print("Joint plan, 8 cameras × 100 modes (\(times.count) runs, \(plan?.candidatesConsidered ?? 0) candidates): ")
        print(
            "median \(Double(Int(median * 1000)) / 1000) ms, worst \(Double(Int(times[times.count - 1] * 1000)) / 1000) ms (target ≤ 50 ms)"
        )
        return median <= 50 ? 0 : 1
    }
}
