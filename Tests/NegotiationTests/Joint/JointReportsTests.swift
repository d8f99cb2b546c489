import CaptureModel
import Testing

@testable import Negotiation

/// Public reports of several USB cameras streaming together, each encoded as the report gives it (what it does not
/// give is said, with what is assumed), and the plan must agree with what the reporter saw.
@Suite("Joint plans against public multi-camera reports")
struct JointReportsTests {
    typealias F = JointFixture

    // Source: linux-media, "uvcvideo: Trying to lower the URB buffers on eMPIA minicam", Pierre ANTOINE and Laurent
    // Pinchart, 25 Apr 2013 (Message-ID <2682572.gZg9L6lqOg@avalon>). Ten eMPIA eb1a:299f minicams, YUYV up to 640x480
    // at 30 fps; a PC with one internal USB 2.0 bus and three PCI USB 2.0 cards (EHCI). Trace: "Device requested 1024
    // B/frame bandwidth. Selecting alternate setting 4 (2736 B/frame bandwidth) … Failed to submit URB 0 (-28)", even
    // at 160x120. Outcome: one camera per bus works, a second on the same bus fails; four (one per bus) stream.
    // Alternate settings 1–3 are under 1024 B (uvcvideo passed over them) and not given: only alt 4 (3 × 912) is encoded.
    static let empiaAlts = F.alts([0x0100, 0x0200, 0x0300, 0x1390])
    static func empia(_ id: String, bus: Int) -> JointCamera {
        let node = F.node(
            "/dev/video\(bus)",
            yuyv: [F.size(640, 480, [30]), F.size(160, 120, [30]), F.size(176, 144, [30]), F.size(320, 240, [30]), F.size(352, 288, [30])])
        let key = JointCamera.modeKey(FourCC("YUYV"), Dimensions(width: 160, height: 120), fps: 30)
        return F.camera(
            id, F.link("\(bus)-1", bus: bus, controller: F.ehci, alts: empiaAlts), wish: F.request(160, 120, fps: 30, "YUYV"), node: node,
            measured: [key: 4])
    }

    @Test func empiaMinicamsTwoOnOneEHCIBusFail() {
        let plan = Negotiator.decide(together: [Self.empia("cam1", bus: 1), Self.empia("cam2", bus: 1)])
        #expect(plan.cameras[0].evidence == .measured && plan.cameras[0].bytesPerInterval == 2736)
        // 2 × HS_USECS_ISO(2736) = 2 × 54 = 108 µs > 100: no mode set fits (every mode needs at least alt 4).
        #expect(USBBusTime.highSpeedIsoMicroseconds(2736) == 54)
        #expect(!plan.fits && plan.hardwareCost > 1)
        #expect(F.sets(plan) == [["cam1"], ["cam2"]])
        #expect(plan.moves.contains { $0.to == .controller && $0.camera != nil })
    }

    @Test func empiaMinicamsOnePerBusStream() {
        let plan = Negotiator.decide(together: (1...4).map { Self.empia("cam\($0)", bus: $0) })
        #expect(plan.wishFits && plan.fits)
        #expect(plan.domains.count == 4 && abs(plan.hardwareCost - 0.54) < 1e-9)
    }

    // Same thread: three Microsoft LifeCam Cinema on one PCI USB 2.0 card, with uvcvideo patched to ask 1024 B —
    // "Selecting alternate setting 4 (1024 B/frame bandwidth)" — "allow me to run up to 3 … on the same PCI USB Card".
    // Their other settings are not given; the plan counts the measured one.
    @Test func lifeCamCinemasAtMeasured1024BytesStreamThreeOnOneCard() {
        let key = JointCamera.modeKey(FourCC("YUYV"), Dimensions(width: 640, height: 480), fps: 30)
        let cams = (1...3).map { i in
            F.camera(
                "lifecam\(i)",
                F.link("5-\(i)", bus: 5, controller: F.ehci, alts: F.alts([0x0080, 0x0200, 0x0300, 0x0400, 0x0b20, 0x1400])),
                wish: F.request(640, 480, fps: 30, "YUYV"), measured: [key: 4])
        }
        let plan = Negotiator.decide(together: cams)
        #expect(plan.cameras.allSatisfy { $0.evidence == .measured && $0.bytesPerInterval == 1024 })
        #expect(plan.wishFits && plan.domains[0].microseconds == 63)
    }

    // Source: The Good Penguin, "Multiple UVC cameras on Linux: an unexpected challenge",
    // https://www.thegoodpenguin.co.uk/blog/multiple-uvc-cameras-on-linux/ — a Raspberry Pi (dwc2 at 3f980000.usb), two
    // webcams streaming MJPEG 320x240 at 25 fps with GStreamer: the second fails, "dwc2_do_reserve: Insufficient periodic
    // bandwidth … Error status -28". The post gives no descriptors: each camera is assumed to top at 3 × 1024 B, and
    // MJPEG to take its largest setting (assumedMaximum).
    @Test func goodPenguinTwoMJPEGCamerasOnDwc2Fail() {
        let dwc2 = USBController(driver: "dwc2", sysfsName: "3f980000.usb")
        let hub = USBHub(sysfsName: "1-1", tt: .single)
        let wish = F.request(320, 240, fps: 25, "MJPG")
        let mjpgOnly = F.node("/dev/video0", yuyv: [], mjpg: [F.size(320, 240, [30, 25]), F.size(640, 480, [30, 25])])
        let cams = ["1-1.2", "1-1.3"].map { name in
            F.camera(name, F.link(name, bus: 1, controller: dwc2, alts: F.common, hubs: [hub]), wish: wish, node: noYUYV(mjpgOnly))
        }
        let plan = Negotiator.decide(together: cams)
        #expect(plan.domains[0].rule.family == "EHCI/dwc2")
        #expect(plan.cameras.allSatisfy { $0.evidence == .assumedMaximum })
        #expect(!plan.fits && plan.hardwareCost > 1.2)
    }

    /// The node without its (empty) YUYV format.
    func noYUYV(_ n: CaptureNodeCapabilities) -> CaptureNodeCapabilities {
        var n = n
        n.formats.removeAll { $0.sizes.isEmpty }
        return n
    }

    // Source: https://github.com/pikvm/ustreamer/issues/53 — two identical USB HDMI capture cards (uvcvideo, MJPEG) on
    // a Raspberry Pi, `ustreamer -r 1920x1080 -m JPEG -f 30` on each: the second fails "Unable to start capturing: No
    // space left on device". A Pi 4's USB 2.0 ports all sit behind the VL805 xHCI's one root port (its internal hub,
    // bus 1 port 1); no descriptors are given, the cards are assumed to top at 3 × 1024 B.
    @Test func pikvmTwoCaptureCardsBehindTheVL805Fail() {
        let vl805 = USBController(driver: "xhci_hcd", pciVendor: 0x1106, pciDevice: 0x3483, sysfsName: "0000:01:00.0")
        let hub = USBHub(sysfsName: "1-1", tt: .single)
        let card = F.node("/dev/video1", yuyv: [], mjpg: [F.size(1920, 1080, [30]), F.size(1280, 720, [30])])
        let cams = ["1-1.1", "1-1.2"].map { name in
            F.camera(
                name, F.link(name, bus: 1, controller: vl805, alts: F.common, hubs: [hub]), wish: F.request(1920, 1080, fps: 30, "MJPG"),
                node: noYUYV(card))
        }
        let plan = Negotiator.decide(together: cams)
        #expect(plan.domains.map(\.key) == ["bus 1 port 1"])
        #expect(!plan.fits)
        #expect(F.sets(plan) == [["1-1.1"], ["1-1.2"]])
    }

    // Source: https://github.com/lplassman/V4L2-to-NDI/issues/5 — several USB video devices: "No space left on device";
    // "moving devices over multiple root hubs worked for me". Encoded: two MJPEG devices (assumed 3 × 1024 B) on one xHCI
    // root port fail, and the plan suggests the move the reporter made; on two root ports they stream.
    @Test func v4l2ToNDIMovingToAnotherRootPortWorks() {
        let hub = USBHub(sysfsName: "2-3", tt: .multi)
        let wish = F.request(1920, 1080, fps: 30, "MJPG")
        let together = ["2-3.1", "2-3.2"].map {
            F.camera($0, F.link($0, bus: 2, controller: F.xhci, alts: F.common, hubs: [hub]), wish: wish)
        }
        let plan = Negotiator.decide(together: together)
        #expect(!plan.wishFits)
        #expect(plan.moves.contains { $0.to == .rootPort && $0.camera != nil })
        let apart = ["2-3", "2-4"].map { F.camera($0, F.link($0, bus: 2, controller: F.xhci, alts: F.common), wish: wish) }
        #expect(Negotiator.decide(together: apart).wishFits)
    }

    // Source: https://github.com/ros-drivers/usb_cam/issues/204 — two cameras at 640x480 YUYV 30 fps on a Firefly board
    // (RK3399: EHCI host ports): "VIDIOC_STREAMON error 28, No space left on device" for the second. No descriptors are
    // given: `JointFixture.common` (128 B … 3 × 1024 B) is assumed; the lower bound (2392 B) then takes the 3072 B setting.
    @Test func usbCamTwoYUYVCamerasOnFireflyFail() {
        let ehci = USBController(driver: "ehci-platform", sysfsName: "fe380000.usb")
        let wish = JointWish.request(
            CaptureRequest(
                size: .exact(Dimensions(width: 640, height: 480)), rate: .exact(Rational(30, 1)), format: .list([FourCC("YUYV")])))
        let only640 = F.node("/dev/video12", yuyv: [F.size(640, 480, [30])])
        let cams = ["1-1", "1-2"].map { F.camera($0, F.link($0, bus: 1, controller: ehci, alts: F.common), wish: wish, node: only640) }
        let plan = Negotiator.decide(together: cams)
        #expect(plan.cameras[0].evidence == .computedLowerBound && plan.cameras[0].bytesPerInterval == 3072)
        #expect(!plan.fits && plan.domains[0].microseconds == 122)
    }

    // Supporting trace (one camera): linux-kernel, Laurent Pinchart, "Re: [PATCH v3 5/8] media: uvcvideo: Quirk for
    // autosuspend in Logitech B910 and C910", 7 Jan 2023: MJPG 1920x1080 at 30 fps, "Device requested 3060 B/frame
    // bandwidth. Selecting alternate setting 11" — a Logitech camera's MJPEG takes its largest setting, as assumed.
    @Test func logitechMJPEGTakesItsLargestSetting() {
        let c = F.camera("c910", F.link("1-1", bus: 1, controller: F.ehci, alts: F.logitech), wish: F.request(1920, 1080, fps: 30, "MJPG"))
        let plan = Negotiator.decide(together: [c])
        #expect(plan.cameras[0].alt == 11 && plan.cameras[0].bytesPerInterval == 3060)
    }
}
