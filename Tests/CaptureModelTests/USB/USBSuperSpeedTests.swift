import CaptureModel
import Testing

/// SuperSpeed in the bus model: the companion's bursts and Mult in raw descriptors, the SuperSpeed rule for a
/// SuperSpeed link whatever its controller, and a USB 3 camera on a USB 2 port costed by its high-speed table.
@Suite("USB SuperSpeed")
struct USBSuperSpeedTests {
    /// The Razer Kiyo Pro's (1532:0e05) streaming setting 2: wMaxPacketSize 0x0400, bMaxBurst 10, Mult 2
    /// (lsusb -v in Tests/Fixtures/lsusb/kiyo-pro-superspeed.txt, from github.com/jpetazzo/usb-webcam-analyzer).
    static func kiyoAlt2(bytesPerInterval: UInt16) -> [UInt8] {
        var b = USBDescriptorBuilder()
        b.device(vendor: 0x1532, product: 0x0e05)
        b.configuration(interfaces: 2)
        b.interface(number: 1, alt: 0, endpoints: 0)
        b.interface(number: 1, alt: 2, endpoints: 1)
        b.endpoint(address: 0x81, attributes: 5, wMaxPacketSize: 0x0400)
        b.superSpeedCompanion(maxBurst: 10, mult: 2, bytesPerInterval: bytesPerInterval)
        return b.finish()
    }

    @Test func companionWithoutBytesPerIntervalCountsBurstsAndMult() {
        // 1024 × (10 + 1) × (2 + 1) = 33792, not 1024 × 11 = 11264.
        let d = USBDescriptors(parsing: Self.kiyoAlt2(bytesPerInterval: 0))
        #expect(d.streaming.map(\.bytesPerInterval) == [0, 33792])
        // wBytesPerInterval, when set, wins.
        #expect(USBDescriptors(parsing: Self.kiyoAlt2(bytesPerInterval: 30000)).streaming.last?.bytesPerInterval == 30000)
        #expect(USBStreamingAlt.superSpeedBytes(packet: 1024, maxBurst: 15, mult: 2) == 49152)
    }

    @Test func superSpeedRuleCostsBytesAtFiveHundredPerMicrosecond() {
        let rule = SuperSpeedBudget()
        #expect(rule.capacity == 112)
        func ss(_ bytes: Int) -> USBDemand { USBDemand(bytes: bytes, packets: 1, packetSize: 1024, speedMbps: 5000) }
        // Kiyo Pro 33792 → 68 µs; StreamCam and BRIO 30720 → 62 µs; USB 3.2's largest, 49152 → 99 µs.
        #expect(rule.load([ss(33792)]) == 68)
        #expect(rule.load([ss(30720)]) == 62)
        #expect(rule.load([ss(49152)]) == 99)
        #expect(rule.fraction([ss(33792), ss(30720)]) > 1)
    }

    @Test func superSpeedLinkWithUnknownControllerGetsTheSuperSpeedRule() {
        let alts = USBDescriptors(parsing: Self.kiyoAlt2(bytesPerInterval: 0)).streaming
        let link = USBLink(
            sysfsName: "6-1", bus: 6, devpath: "1", speedMbps: 5000, alts: alts, speedEvidence: "lsusb -v: bcdUSB 3.20")
        let domain = USBDomain.of(link)
        #expect(domain.rule.family == SuperSpeedBudget().family)
        #expect(domain.key == "bus 6 port 1")
        #expect(domain.note?.contains("only on xHCI") == true)
        #expect(domain.note?.contains("bcdUSB 3.20") == true)
        #expect(domain.note?.contains("USB 2.0 rule") == false)
        let demand = USBDemand(alts[1], speedMbps: link.speedMbps)
        #expect(demand.bytes == 33792)
        #expect(domain.rule.load([demand]) <= domain.rule.capacity)
        // Known xHCI families at SuperSpeed: the SuperSpeed rule, MediaTek its SS_BW_BOUNDARY.
        let intel = USBController(driver: "xhci_hcd", pciVendor: 0x8086, pciDevice: 0xa36d)
        var onIntel = link
        onIntel.controller = intel
        #expect(USBDomain.of(onIntel).rule.family == SuperSpeedBudget().family)
        var onMediaTek = link
        onMediaTek.controller = USBController(driver: "xhci-mtk")
        #expect(USBDomain.of(onMediaTek).rule.capacity == 51000)
    }

    @Test func usb3CameraOnAUSB2PortUsesItsHighSpeedTable() {
        // A companion read at SuperSpeed does not apply when the link is high speed: 1024 × 1 transaction.
        let alts = USBDescriptors(parsing: Self.kiyoAlt2(bytesPerInterval: 0)).streaming
        let link = USBLink(sysfsName: "1-2.3", bus: 1, devpath: "2.3", speedMbps: 480, alts: alts)
        #expect(link.alts.allSatisfy { $0.superSpeedBytesPerInterval == nil })
        #expect(link.alts.map(\.bytesPerInterval) == [0, 1024])
        #expect(USBDemand(alts[1], speedMbps: 480).bytes == 1024)
        // With no controller known, the USB 2.0 rule, and the note no longer claims SuperSpeed.
        let domain = USBDomain.of(link)
        #expect(domain.rule.family == EHCIBudget().family)
        #expect(domain.rule.load([USBDemand(link.alts[1], speedMbps: 480)]) == 21)
    }
}
