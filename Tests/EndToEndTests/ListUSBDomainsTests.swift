import CamProbe
import CaptureModel
import Foundation
import Testing

@testable import CamProbeCLI

/// `list`'s note on cameras sharing a USB bandwidth domain that what they stream now nearly fills.
@Suite("list: saturated USB domains")
struct ListUSBDomainsTests {
    static func link(_ port: Int, holding alt: UInt8) -> USBLink {
        let alts = [
            USBStreamingAlt(interface: 1, alt: 0, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0),
            USBStreamingAlt(interface: 1, alt: 1, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: 0x0400),
            USBStreamingAlt(interface: 1, alt: 2, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: 0x1400),
        ]
        return USBLink(
            sysfsName: "1-\(port)", bus: 1, devpath: "\(port)", speedMbps: 480, controller: USBController(driver: "ehci-pci"), alts: alts,
            currentAlt: alt)
    }

    static func devices() throws -> [Device] {
        let r = try CLI.run([
            "list", "--profile", JointNegotiateEndToEndTests.c525, "--profile", JointNegotiateEndToEndTests.arducam, "--json",
        ])
        #expect(r.status == 0)
        struct Doc: Decodable { var devices: [Device] }
        return try JSONDecoder().decode(Doc.self, from: Data(r.stdout.utf8)).devices
    }

    @Test func twoCamerasStreamingNearlyFillingOneBusAreNoted() throws {
        let d = try Self.devices()
        #expect(d.count == 2)
        // 61 + 21 µs of 100: 82 %.
        let notes = ListUSBDomains.notes(d) { $0.id == d[0].id ? Self.link(1, holding: 2) : Self.link(2, holding: 1) }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("bus 1 (EHCI/dwc2), 82 % reserved") == true)
    }

    @Test func idleOrSparseDomainsAreNotNoted() throws {
        let d = try Self.devices()
        #expect(ListUSBDomains.notes(d) { _ in Self.link(1, holding: 0) }.isEmpty)
        #expect(ListUSBDomains.notes(d) { $0.id == d[0].id ? Self.link(1, holding: 1) : Self.link(2, holding: 1) }.isEmpty)
    }
}
