import CamProbe
import Negotiation

/// `camprobe-bench --joint N`: `Negotiator.decide(together:)` for 16 cameras of 200 modes each (two formats × 100
/// sizes, at 30/15/5 fps), four per EHCI controller, all asking 1280x720 MJPEG at 30 fps (which does not fit, so every
/// domain is searched), with the fair objective; then, for comparison, the earlier 8 cameras × 100 modes (two per
/// controller) with the total-score objective. Prints the median and worst of N plans in Markdown; exit 1 when the
/// fair median is over 20 ms.
enum JointPlanBench {
    static func run(iterations: Int) -> Int32 {
        let fair = measure(cameras: 16, sizes: 100, perController: 4, objective: .fair, iterations: iterations)
        let distinct = measure(
            cameras: 16, sizes: 100, perController: 4, objective: .fair, iterations: iterations, distinctNodes: true)
        let sum = measure(cameras: 8, sizes: 50, perController: 2, objective: .totalScore, iterations: iterations)
        print("")
        for (label, m, target) in [
            ("16 cameras × 200 modes, fair", fair, " (target ≤ 20 ms)"),
            ("16 cameras × 200 modes, fair, every node distinct (nothing weighed once for all)", distinct, ""),
            ("8 cameras × 100 modes, total score", sum, ""),
        ] {
            print("Joint plan, \(label) (\(m.runs) runs, \(m.candidates) candidates\(m.budgetHit ? ", node budget hit" : "")): ")
            print("median \(ms(m.median)) ms, worst \(ms(m.worst)) ms\(target)")
        }
        return fair.median <= 20 ? 0 : 1
    }

    struct Measured {
        var runs: Int
        var candidates: Int
        var budgetHit: Bool
        var median: Double
        var worst: Double
    }

    static func measure(
        cameras n: Int, sizes count: Int, perController: Int, objective: JointObjective, iterations: Int, distinctNodes: Bool = false
    ) -> Measured {
        var sizes: [FrameSize] = []
        for i in 0..<count {
            // Distinct sizes from 160x120 up (steps of 32x18 for 50 sizes, 16x9 for 100).
            let d = Dimensions(width: UInt32(160 + 1600 / count * i), height: UInt32(120 + 900 / count * i))
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
        let cameras = (0..<n).map { i in
            JointCamera(
                id: DeviceID("cam\(i)"), name: "cam\(i)", node: distinctNodes ? renamed(node, "/dev/video\(2 * i)") : node,
                wish: .request(request),
                link: USBLink(
                    sysfsName: "\(i / perController + 1)-\(i % perController + 1)", bus: i / perController + 1,
                    devpath: "\(i % perController + 1)", speedMbps: 480, controller: USBController(driver: "ehci-pci"), alts: alts))
        }
        var times: [Double] = []
        var plan: JointPlan?
        for _ in 0..<max(1, iterations) {
            let t0 = now()
            plan = Negotiator.decide(together: cameras, objective: objective)
            times.append((now() - t0) * 1000)
        }
        times.sort()
        return Measured(
            runs: times.count, candidates: plan?.candidatesConsidered ?? 0, budgetHit: plan?.budgetHit ?? false,
            median: times[times.count / 2], worst: times[times.count - 1])
    }

    /// The node at `path`, its formats told apart by their descriptions: no two cameras weigh alike.
    static func renamed(_ node: CaptureNodeCapabilities, _ path: String) -> CaptureNodeCapabilities {
        var n = node
        n.path = path
        for i in n.formats.indices { n.formats[i].description += " (\(path))" }
        return n
    }

    static func ms(_ t: Double) -> Double { Double(Int(t * 1000)) / 1000 }
}
