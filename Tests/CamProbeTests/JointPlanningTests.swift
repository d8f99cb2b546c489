import CamProbe
import CaptureModel
import Negotiation
import Testing

/// The façade of joint plans reads, then plans: a device that carries its bus (`Device.usb`) is planned with that
/// link and its measured settings, and nothing is read for it.
@Suite("JointPlanning: the façade")
struct JointPlanningTests {
    /// A Logitech-like camera (MJPG 1280x720 at 30) whose profile carries its bus: alt 3 (512 B) measured for that mode.
    static func device(_ n: Int) -> Device {
        let node = CaptureNodeCapabilities(
            path: "/dev/video\(2 * n)",
            identity: NodeIdentity(
                driver: "uvcvideo", card: "cam", busInfo: "usb-0000:00:1a.0-\(n)", version: "6.1.0", capabilities: [],
                deviceCaps: [.videoCapture]),
            formats: [
                PixelFormat(
                    index: 0, fourcc: "MJPG", description: "Motion-JPEG", bufferType: .videoCapture, flags: .compressed,
                    sizes: [.discrete(Dimensions(width: 1280, height: 720), intervals: .discrete([FrameDuration(1, 30)]))])
            ])
        let alts =
            [USBStreamingAlt(interface: 1, alt: 0, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0)]
            + [0x00c0, 0x0180, 0x0200, 0x13fc].enumerated().map {
                USBStreamingAlt(
                    interface: 1, alt: UInt8($0.offset + 1), endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: UInt16($0.element))
            }
        let link = USBLink(
            sysfsName: "1-\(n)", bus: 1, devpath: "\(n)", speedMbps: 480, controller: USBController(driver: "ehci-pci"), alts: alts)
        return Device(
            id: DeviceID("cam\(n)"), name: "cam\(n)", modelID: nil, transport: Transport(kind: .usb, speedMbps: 480),
            identity: DeviceIdentity(busInfo: "usb-0000:00:1a.0-\(n)", driver: "uvcvideo", physicalPath: "/nonexistent/1-\(n)"),
            nodes: [], captures: [node], usb: DeviceUSB(source: "lsusb -v", link: link, measured: ["MJPG 1280x720@30": 3]))
    }

    static let wish = JointWish.request(
        CaptureRequest(size: .exact(Dimensions(width: 1280, height: 720)), rate: .atLeast(Rational(30, 1)), format: .list(["MJPG"])))

    @Test func aDeviceThatCarriesItsBusIsPlannedWithIt() async {
        let cameras = JointPlanning.cameras([Self.device(1)], wish: Self.wish, readBus: true)
        #expect(cameras.first?.link?.sysfsName == "1-1" && cameras.first?.measured == ["MJPG 1280x720@30": 3])
        // Measured 512 B each: two fit (without the measurement each would take 3060 B and they would not).
        let plan = await JointPlanning.plan(together: [Self.device(1), Self.device(2)], wish: Self.wish)
        #expect(plan.wishFits && plan.busNotRead.isEmpty)
        #expect(plan.cameras.map(\.evidence) == [.measured, .measured] && plan.cameras.map(\.bytesPerInterval) == [512, 512])
        #expect(plan.cameras.map(\.id) == [DeviceID("cam1"), DeviceID("cam2")])
    }
}
