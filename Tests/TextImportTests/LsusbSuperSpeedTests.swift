import CaptureModel
import DeviceFixtures
import FoundationEssentials
import Negotiation
import Testing

@testable import TextImport

/// USB 3 cameras in pasted `lsusb -v`: both forms usbutils prints a SuperSpeed endpoint companion in, the link speed
/// the text shows, and the plan for each camera alone on its bus. Fixtures (Tests/Fixtures/lsusb, each with a
/// `.source` file naming where it comes from):
/// - kiyo-pro-usbutils019.txt: usbutils 019, "bMaxBurst / Mult / wBytesPerInterval",
///   https://github.com/jphein/kiyo-xhci-fix/blob/main/kernel-patches/crash-evidence/lsusb-v-kiyo-pro-usbutils019.txt
/// - kiyo-pro-superspeed.txt, streamcam-brio-superspeed.txt, kiyo-pro-usb2-port.txt: older usbutils, "bMaxBurst /
///   Mult", https://github.com/jpetazzo/usb-webcam-analyzer/tree/a9fcb4f26b04da827b22c262fa178c8dd7bebebe/testdata
///   (lsusb.2, lsusb.1, lsusb.5).
@Suite("lsusb: USB 3 cameras")
struct LsusbSuperSpeedTests {
    static func text(_ file: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("lsusb") + "/" + file)), as: UTF8.self)
    }

    static func camera(_ file: String, _ product: UInt16, tree: String? = nil) throws -> LsusbBus.Camera {
        try #require(LsusbBus.cameras(verbose: try text(file), tree: tree).first { $0.productID == product })
    }

    static func isoBytes(_ link: USBLink) -> [Int] { link.alts.isochronous.map(\.bytesPerInterval) }

    @Test func olderUsbutilsFormCountsBurstsAndMult() throws {
        // Alt 2: wMaxPacketSize 0x0400 1x 1024 bytes, bMaxBurst 10, Mult 2 → 1024 × 11 × 3.
        let kiyo = try Self.camera("kiyo-pro-superspeed.txt", 0x0e05)
        #expect(Self.isoBytes(kiyo.link) == [3072, 33792])
        #expect(kiyo.link.speedMbps == 5000 && kiyo.link.speedEvidence == "lsusb -v: bcdUSB 3.20")
        // StreamCam: 384, 640, 944, then 1024 × bursts (Mult printed only when nonzero), up to 1024 × 10 × 3.
        let streamCam = try Self.camera("streamcam-brio-superspeed.txt", 0x0893)
        #expect(
            Self.isoBytes(streamCam.link) == [384, 640, 944, 1024, 2048, 3072, 6144, 9216, 12288, 15360, 18432, 21504, 24576, 30720])
        let brio = try Self.camera("streamcam-brio-superspeed.txt", 0x085e)
        #expect(brio.link.alts.isochronous.last?.bytesPerInterval == 30720)
        #expect(brio.link.speedEvidence == "lsusb -v: bcdUSB 3.10")
    }

    @Test func usbutils019FormTakesWBytesPerInterval() throws {
        let kiyo = try Self.camera("kiyo-pro-usbutils019.txt", 0x0e05)
        #expect(Self.isoBytes(kiyo.link) == [3072, 33792])
        #expect(kiyo.link.speedMbps == 5000)
        #expect(kiyo.link.speedEvidence == "lsusb -v: Negotiated speed 5000 Mbit/s")
        // wBytesPerInterval wins over the bursts: Dylan Robinson's endpoint on alsa-devel (2 Dec 2025) reads
        // bMaxBurst 3 (4 × 1024) but wBytesPerInterval 3205.
        let edited = try Self.text("kiyo-pro-usbutils019.txt").replacing(
            "wBytesPerInterval   33792", with: "wBytesPerInterval    3205")
        let less = try #require(LsusbBus.cameras(verbose: edited, tree: nil).first)
        #expect(Self.isoBytes(less.link) == [3072, 3205])
    }

    @Test func aDescriptorAfterTheLastStreamingEndpointDoesNotRetypeIt() throws {
        // The streaming interface last, then the Binary Object Store: its capability's bmAttributes 0x00000002
        // belongs to no endpoint (read as one, alt 2 would turn bulk).
        // Up to the audio function's Interface Association (the second one), the video function's last.
        let lines = try Self.text("kiyo-pro-usbutils019.txt").split(separator: "\n", omittingEmptySubsequences: false)
        let associations = lines.indices.filter { lines[$0] == "    Interface Association:" }
        try #require(associations.count == 2)
        let text =
            lines[..<associations[1]].joined(separator: "\n") + "\n" + """
                Binary Object Store Descriptor:
                  bLength                 5
                  bDescriptorType        15
                  bNumDeviceCaps          2
                  USB 2.0 Extension Device Capability:
                    bLength                 7
                    bDescriptorType        16
                    bDevCapabilityType      2
                    bmAttributes   0x00000002
                      HIRD Link Power Management (LPM) Supported
                """
        let kiyo = try #require(LsusbBus.cameras(verbose: text, tree: nil).first)
        #expect(Self.isoBytes(kiyo.link) == [3072, 33792])
    }

    @Test func usb3CameraOnAUSB2PortHasItsHighSpeedTable() throws {
        // The same Kiyo Pro on a USB 2 bus says bcdUSB 2.10 and has one setting, 3 × 1024.
        let kiyo = try Self.camera("kiyo-pro-usb2-port.txt", 0x0e05)
        #expect(kiyo.link.speedMbps == 480)
        #expect(kiyo.link.speedEvidence?.contains("bcdUSB 2.10") == true)
        #expect(Self.isoBytes(kiyo.link) == [3072])
        // SuperSpeed companions pasted from another session, with lsusb -t saying 480M: the companions do not apply.
        let tree = """
            /:  Bus 02.Port 1: Dev 1, Class=root_hub, Driver=xhci_hcd/4p, 480M
                |__ Port 3: Dev 2, If 0, Class=Hub, Driver=hub/4p, 480M
                    |__ Port 1: Dev 5, If 1, Class=Video, Driver=uvcvideo, 480M
            """
        let viaTree = try Self.camera("kiyo-pro-superspeed.txt", 0x0e05, tree: tree)
        #expect(viaTree.link.speedMbps == 480 && viaTree.link.speedEvidence == "lsusb -t: 480M")
        #expect(Self.isoBytes(viaTree.link) == [1024, 1024])
        #expect(USBDomain.of(viaTree.link).rule.family == XHCIRootPortBudget().family)
    }

    /// The plan for one camera alone, asking MJPG 1920x1080 at 30 fps or more.
    static func planAlone(_ link: USBLink) -> JointPlan {
        let node = Self.node([(640, 360), (640, 480), (1280, 720), (1920, 1080)], fps: [60, 30, 15])
        let wish = JointWish.request(
            CaptureRequest(
                size: .exact(Dimensions(width: 1920, height: 1080)), rate: .atLeast(Rational(30, 1)), format: .list([FourCC("MJPG")])))
        return Negotiator.decide(together: [JointCamera(id: DeviceID("cam"), name: "cam", node: node, wish: wish, link: link)])
    }

    @Test func aloneOnAUSB2PortTheKiyoProGetsItsWishByItsHighSpeedTable() throws {
        let plan = Self.planAlone(try Self.camera("kiyo-pro-usb2-port.txt", 0x0e05).link)
        #expect(plan.fits && plan.wishFits)
        #expect(plan.cameras.first?.bytesPerInterval == 3072 && plan.cameras.first?.microseconds == 61)
        let d = try #require(plan.domains.first)
        #expect(d.family == EHCIBudget().family)
        #expect(d.note?.contains("high-speed link") == true && d.note?.contains("bcdUSB 2.10") == true)
    }

    /// A node listing `sizes` in MJPG and YUYV at `fps`.
    static func node(_ sizes: [(UInt32, UInt32)], fps: [UInt32]) -> CaptureNodeCapabilities {
        let frames = sizes.map {
            FrameSize.discrete(Dimensions(width: $0.0, height: $0.1), intervals: .discrete(fps.map { FrameDuration(1, $0) }))
        }
        return CaptureNodeCapabilities(
            path: "/dev/video0",
            identity: NodeIdentity(
                driver: "uvcvideo", card: "cam", busInfo: "usb", version: "6.1.0", capabilities: [], deviceCaps: [.videoCapture]),
            formats: [
                PixelFormat(
                    index: 0, fourcc: FourCC("YUYV"), description: "YUYV 4:2:2", bufferType: .videoCapture, flags: [], sizes: frames),
                PixelFormat(
                    index: 1, fourcc: FourCC("MJPG"), description: "Motion-JPEG", bufferType: .videoCapture, flags: .compressed,
                    sizes: frames),
            ])
    }

    @Test(arguments: [
        ("kiyo-pro-superspeed.txt", UInt16(0x0e05), 33792), ("kiyo-pro-usbutils019.txt", UInt16(0x0e05), 33792),
        ("streamcam-brio-superspeed.txt", UInt16(0x0893), 30720), ("streamcam-brio-superspeed.txt", UInt16(0x085e), 30720),
    ])
    func aloneOnItsUSB3BusEachGetsItsWish(file: String, product: UInt16, largest: Int) throws {
        // lsusb -v only: no controller known. MJPG 1920x1080 @ 30 reserves the largest setting (assumed maximum).
        let plan = Self.planAlone(try Self.camera(file, product).link)
        #expect(plan.fits && plan.wishFits)
        let c = try #require(plan.cameras.first)
        #expect(c.gave.isEmpty, "\(c.gave)")
        #expect(c.choice?.fourcc == FourCC("MJPG") && c.choice?.size == Dimensions(width: 1920, height: 1080))
        #expect(c.bytesPerInterval == largest)
        let d = try #require(plan.domains.first)
        #expect(d.family == SuperSpeedBudget().family && d.note?.contains("USB 2.0") == false)
    }
}
