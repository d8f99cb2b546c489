import CaptureModel
import Testing

/// The budget rules against the kernel's own arithmetic (Linux 6.1: include/linux/usb/hcd.h, drivers/usb/core/hcd.c,
/// drivers/usb/host/xhci.c and xhci.h, drivers/usb/host/xhci-mtk-sch.c).
@Suite("USB budget rules")
struct USBBudgetRuleTests {
    func hs(_ bytes: Int, packets: Int? = nil) -> USBDemand {
        let packet = min(bytes, 1024)
        return USBDemand(bytes: bytes, packets: packets ?? (bytes + packet - 1) / packet, packetSize: packet, speedMbps: 480)
    }

    @Test func highSpeedIsoMicrosecondsMatchHSUSECSISO() {
        // HS_NSECS_ISO(1024) = (633232 + 2083 × (3 + 9557)) / 1000 + 5 = 20551 ns → 21 µs.
        #expect(USBBusTime.highSpeedIsoNanoseconds(1024) == 20551)
        #expect(USBBusTime.highSpeedIsoMicroseconds(1024) == 21)
        #expect(USBBusTime.highSpeedIsoMicroseconds(2048) == 41)
        // 3072: BitTime = 28672, (633232 + 2083 × 28675) / 1000 + 5 = 60368 ns → 61 µs.
        #expect(USBBusTime.highSpeedIsoNanoseconds(3072) == 60368)
        #expect(USBBusTime.highSpeedIsoMicroseconds(3072) == 61)
        // 1600: BitTime = 14933 (integer division), 31749 ns → 32 µs.
        #expect(USBBusTime.highSpeedIsoNanoseconds(1600) == 31749)
        #expect(USBBusTime.highSpeedIsoMicroseconds(1600) == 32)
        #expect(USBBusTime.bitTime(1600) == 14933)
    }

    @Test func ehciTwoFullEndpointsDoNotFitButOneWithA1600OneDoes() {
        let rule = EHCIBudget()
        #expect(rule.capacity == 100)
        #expect(rule.load([hs(3072), hs(3072)]) == 122)
        #expect(rule.fraction([hs(3072), hs(3072)]) > 1)
        #expect(rule.load([hs(3072), hs(1600, packets: 2)]) == 93)
        #expect(rule.fraction([hs(3072), hs(1600, packets: 2)]) <= 1)
    }

    @Test func intelPantherPointBlockTable() {
        let rule = IntelSoftwareTableBudget()
        // HS_BW_LIMIT 1607 − DIV_ROUND_UP(20 × 1607, 100) = 1607 − 322.
        #expect(rule.capacity == 1285)
        // One 3 × 1024 endpoint every microframe: 3072 / 4 + 3 × 26.
        #expect(rule.load([hs(3072)]) == 846)
        #expect(rule.load([hs(3072), hs(3072)]) > rule.capacity)
        // 3072 + 1024: (4096 / 4) + 4 × 26 = 1128 fits; 3072 + 1600 (2 × 800): 1168 + 5 × 26 = 1298 does not.
        #expect(rule.load([hs(3072), hs(1024)]) == 1128)
        #expect(rule.load([hs(3072), USBDemand(bytes: 1600, packets: 2, packetSize: 800, speedMbps: 480)]) == 1298)
    }

    @Test func intelLongerIntervalsSpreadTheirPackets() {
        let rule = IntelSoftwareTableBudget()
        // One 1024-byte packet every 2nd microframe (bInterval 2): interval 1 spreads over 4 opportunities, so the packet
        // stays as a remainder and is counted once at the end: 256 + 26.
        let d = USBDemand(bytes: 1024, packets: 1, packetSize: 1024, bInterval: 2, speedMbps: 480)
        #expect(rule.load([d]) == 282)
    }

    @Test func mediaTekCountsBytesPerMicroframe() {
        let rule = MediaTekBudget()
        #expect(rule.load([hs(3072), hs(3072)]) == 6144)
        #expect(rule.fraction([hs(3072), hs(3072)]) <= 1)
        #expect(rule.fraction([hs(3072), hs(3072), hs(1024)]) > 1)
    }

    @Test func fullSpeedTransactionTranslator() {
        // usb_calc_bus_time(FULL, in, iso, 1023): 7268 + 1000 + 8354 × (31 + 10 × 9548) / 1000 = 806166 ns.
        #expect(USBBusTime.fullSpeedIsoInNanoseconds(1023) == 806_166)
        let rule = FullSpeedFrameBudget()
        let d = USBDemand(bytes: 1023, packets: 1, packetSize: 1023, speedMbps: 12)
        #expect(rule.load([d]) == 807)
        #expect(rule.fraction([d, d]) > 1)
    }

    @Test func controllerFamilies() {
        func family(_ driver: String, _ v: UInt16? = nil, _ d: UInt16? = nil) -> ControllerFamily {
            ControllerFamily(USBController(driver: driver, pciVendor: v, pciDevice: d))
        }
        #expect(family("ehci-pci") == .ehci)
        #expect(family("dwc2") == .ehci)
        #expect(family("xhci_hcd", 0x8086, 0x1e31) == .intelPantherPoint)
        #expect(family("xhci_hcd", 0x8086, 0xa36d) == .xhci)
        #expect(family("xhci_hcd", 0x1022, 0x149c) == .amd)
        #expect(family("xhci-mtk") == .mediaTek)
        #expect(family("musb-hdrc") == .unknown("musb-hdrc"))
        #expect(ControllerFamily(nil) == .unknown("not read"))
    }

    @Test func domainsFollowTheRuleScope() {
        let ehci = USBController(driver: "ehci-pci")
        let xhci = USBController(driver: "xhci_hcd", pciVendor: 0x8086, pciDevice: 0xa36d)
        #expect(USBDomain.of(USBLink(sysfsName: "1-1.2", bus: 1, devpath: "1.2", speedMbps: 480, controller: ehci)).key == "bus 1")
        #expect(USBDomain.of(USBLink(sysfsName: "3-4", bus: 3, devpath: "4", speedMbps: 480, controller: xhci)).key == "bus 3 port 4")
        let unknown = USBDomain.of(USBLink(sysfsName: "2-1", bus: 2, devpath: "1", speedMbps: 480, controller: nil))
        #expect(unknown.note?.contains("unknown controller") == true)
        #expect(unknown.rule.family == "EHCI/dwc2")
        // A full-speed camera behind a multi-TT hub has its port's translator; behind a single-TT hub, the hub's.
        let multi = USBHub(sysfsName: "1-1", tt: .multi)
        let fs = USBLink(sysfsName: "1-1.3", bus: 1, devpath: "1.3", speedMbps: 12, hubs: [multi], controller: ehci)
        #expect(USBDomain.of(fs).key == "tt 1-1 port 3")
        let single = USBLink(
            sysfsName: "1-1.3", bus: 1, devpath: "1.3", speedMbps: 12, hubs: [USBHub(sysfsName: "1-1", tt: .single)], controller: ehci)
        #expect(USBDomain.of(single).key == "tt 1-1")
    }
}
