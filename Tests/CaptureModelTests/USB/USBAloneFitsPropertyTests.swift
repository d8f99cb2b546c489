import CaptureModel
import DeviceFixtures
import Testing

/// Property: a camera alone in its bandwidth domain can stream any mode it lists, so every alternate setting it has
/// fits its domain's rule when nothing else streams there. Random alternate-setting tables (seeded) on every
/// controller family and link speed the model knows, a USB 3 camera on a USB 2 port included.
@Suite("USB: a camera alone fits")
struct USBAloneFitsPropertyTests {
    enum Speed: CaseIterable {
        case full, high, superSpeed, usb3OnHighSpeed
        var mbps: Double {
            switch self {
            case .full: 12
            case .high, .usb3OnHighSpeed: 480
            case .superSpeed: 5000
            }
        }
    }

    static let controllers: [USBController?] = [
        nil, USBController(driver: "ehci-pci"), USBController(driver: "dwc2"),
        USBController(driver: "xhci_hcd", pciVendor: 0x8086, pciDevice: 0xa36d),
        USBController(driver: "xhci_hcd", pciVendor: 0x8086, pciDevice: 0x1e31),
        USBController(driver: "xhci_hcd", pciVendor: 0x1022, pciDevice: 0x149c), USBController(driver: "xhci-mtk"),
        USBController(driver: "musb-hdrc"),
    ]

    static func int(_ r: inout SeededRandom, _ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(r.next() % UInt64(range.count))
    }

    /// One isochronous setting as a device at `speed` may describe it (USB 2.0 §9.6.6, USB 3.2 §9.6.7): full speed up
    /// to 1023 bytes; high speed up to 3 × 1024; SuperSpeed up to 1024 × 16 × 3 with a companion, whose
    /// wBytesPerInterval is either given (at most the bursts' total) or left 0.
    static func alt(_ r: inout SeededRandom, _ n: UInt8, _ speed: Speed) -> USBStreamingAlt {
        let interval = UInt8(int(&r, 1...4))
        switch speed {
        case .full:
            return USBStreamingAlt(
                interface: 1, alt: n, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: UInt16(int(&r, 1...1023)),
                bInterval: interval)
        case .high:
            let raw = UInt16(int(&r, 1...1024)) | UInt16(int(&r, 0...2)) << 11
            return USBStreamingAlt(
                interface: 1, alt: n, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: raw, bInterval: interval)
        case .superSpeed, .usb3OnHighSpeed:
            let packet = int(&r, 1...1024)
            let most = USBStreamingAlt.superSpeedBytes(packet: packet, maxBurst: int(&r, 0...15), mult: int(&r, 0...2))
            let declared = r.next() % 2 == 0 ? most : UInt16(int(&r, 1...Int(most)))
            return USBStreamingAlt(
                interface: 1, alt: n, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: UInt16(packet),
                superSpeedBytesPerInterval: declared, bInterval: interval)
        }
    }

    @Test func everySettingFitsWhenAlone() {
        var r = SeededRandom(seed: 0x5EED_05B3)
        var checked = 0
        for round in 0..<60 {
            for speed in Speed.allCases {
                let alts =
                    [USBStreamingAlt(interface: 1, alt: 0, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0)]
                    + (1...UInt8(Self.int(&r, 1...14))).map { Self.alt(&r, $0, speed) }
                for controller in Self.controllers {
                    // Full speed: behind a single-TT hub, a multi-TT hub, or on its own bus.
                    let hubs: [USBHub] =
                        speed == .full
                        ? [[], [USBHub(sysfsName: "1-1", tt: .single)], [USBHub(sysfsName: "1-1", tt: .multi)]][round % 3]
                        : speed == .usb3OnHighSpeed ? [USBHub(sysfsName: "1-1", tt: .multi)] : []
                    let name = hubs.isEmpty ? "1-2" : "1-1.2"
                    let link = USBLink(
                        sysfsName: name, bus: 1, devpath: String(name.dropFirst(2)), speedMbps: speed.mbps, hubs: hubs,
                        controller: controller, alts: alts)
                    let domain = USBDomain.of(link)
                    for a in link.alts.isochronous {
                        let demand = USBDemand(a, speedMbps: link.speedMbps)
                        let load = domain.rule.load([demand])
                        let context: String =
                            "\(speed) \(controller?.summary ?? "no controller"): \(a.summary) takes \(load) of "
                            + "\(domain.rule.capacity) \(domain.rule.unit) (\(domain.rule.family))"
                        #expect(load <= domain.rule.capacity + 1e-9, Comment(rawValue: context))
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 5000)
    }
}
