import CaptureModel
import Negotiation

/// Cameras, links and alternate settings for the joint-plan tests.
enum JointFixture {
    static func size(_ w: UInt32, _ h: UInt32, _ fps: [UInt32]) -> FrameSize {
        .discrete(Dimensions(width: w, height: h), intervals: .discrete(fps.map { FrameDuration(1, $0) }))
    }

    /// A webcam node: YUYV up to 1280x720 (10 fps at 720p), MJPG up to 1920x1080 at 30 fps.
    static func webcam(_ path: String = "/dev/video0") -> CaptureNodeCapabilities {
        node(
            path,
            yuyv: [size(640, 480, [30, 15, 5]), size(320, 240, [30, 15]), size(160, 120, [30]), size(1280, 720, [10, 5])],
            mjpg: [size(1920, 1080, [30, 15]), size(1280, 720, [30, 15]), size(640, 480, [30]), size(320, 240, [30])])
    }

    static func node(_ path: String, yuyv: [FrameSize], mjpg: [FrameSize] = []) -> CaptureNodeCapabilities {
        var formats = [
            PixelFormat(index: 0, fourcc: FourCC("YUYV"), description: "YUYV 4:2:2", bufferType: .videoCapture, flags: [], sizes: yuyv)
        ]
        if !mjpg.isEmpty {
            formats.append(
                PixelFormat(
                    index: 1, fourcc: FourCC("MJPG"), description: "Motion-JPEG", bufferType: .videoCapture, flags: .compressed, sizes: mjpg
                ))
        }
        return CaptureNodeCapabilities(
            path: path,
            identity: NodeIdentity(
                driver: "uvcvideo", card: "cam", busInfo: "usb", version: "6.1.0", capabilities: [], deviceCaps: [.videoCapture]),
            formats: formats)
    }

    /// Isochronous alternate settings 1…n of interface 1, from raw wMaxPacketSize values.
    static func alts(_ packets: [UInt16]) -> [USBStreamingAlt] {
        [USBStreamingAlt(interface: 1, alt: 0, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0)]
            + packets.enumerated().map {
                USBStreamingAlt(interface: 1, alt: UInt8($0.offset + 1), endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: $0.element)
            }
    }

    /// The Logitech B990's settings (lsusb -v posted to linux-media, 27 Jun 2017), topping at 3 × 1020 = 3060 B.
    static let logitech = alts([0x00c0, 0x0180, 0x0200, 0x0280, 0x0320, 0x03b0, 0x0a80, 0x0b20, 0x0be0, 0x1380, 0x13fc])
    /// Assumed where a report gives no descriptors: 128, 256, 512, 1024, 2 × 1024 and 3 × 1024 B.
    static let common = alts([0x0080, 0x0100, 0x0200, 0x0400, 0x0c00, 0x1400])

    static let ehci = USBController(driver: "ehci-pci", pciVendor: 0x8086, pciDevice: 0x1e2d, sysfsName: "0000:00:1a.0")
    static let xhci = USBController(driver: "xhci_hcd", pciVendor: 0x8086, pciDevice: 0xa36d, sysfsName: "0000:00:14.0")

    static func link(
        _ name: String, bus: Int, speed: Double = 480, controller: USBController?, alts: [USBStreamingAlt], hubs: [USBHub] = []
    )
        -> USBLink
    {
        let devpath = String(name.drop { $0 != "-" }.dropFirst())
        return USBLink(sysfsName: name, bus: bus, devpath: devpath, speedMbps: speed, hubs: hubs, controller: controller, alts: alts)
    }

    static func camera(
        _ id: String, _ link: USBLink?, wish: JointWish, node: CaptureNodeCapabilities = webcam(), measured: [String: UInt8] = [:]
    ) -> JointCamera {
        JointCamera(id: DeviceID(id), name: id, node: node, wish: wish, link: link, measured: measured)
    }

    static func request(_ w: UInt32, _ h: UInt32, fps: UInt32, _ format: String? = nil) -> JointWish {
        .request(
            CaptureRequest(
                size: .exact(Dimensions(width: w, height: h)), rate: .atLeast(Rational(fps, 1)),
                format: format.flatMap { FourCC($0) }.map { .list([$0]) } ?? .any))
    }

    /// The plan's sets of cameras, by raw ID.
    static func sets(_ p: JointPlan) -> [[String]] { p.multiCamSets.map { $0.map(\.rawValue) } }
}
