import CamProbe
import CamProbeTesting
import Foundation
import Reporting
import Testing

/// The reports' "USB bus" section: what a device's `usb` says (speed, place, controller, settings, measured, source),
/// in both writers; a device without it writes exactly what it wrote before (no section, no line).
@Suite("Report: the bus a device carries")
struct ReportUSBBusTests {
    static let usb = DeviceUSB(
        source: "lsusb -v+lsusb -t",
        link: USBLink(
            sysfsName: "3-1.4", bus: 3, devpath: "1.4", speedMbps: 480, hubs: [USBHub(sysfsName: "3-1", tt: .multi)],
            controller: USBController(driver: "ehci-pci"),
            alts: [
                USBStreamingAlt(interface: 1, alt: 0, endpoint: nil, transfer: .isochronous, wMaxPacketSize: 0),
                USBStreamingAlt(interface: 1, alt: 1, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: 0x00c0),
                USBStreamingAlt(interface: 1, alt: 2, endpoint: 0x81, transfer: .isochronous, wMaxPacketSize: 0x13fc),
            ]),
        measured: ["MJPG 1280x720@30": 2], firmware: "0.10")

    @Test func bothWritersSayTheBus() throws {
        var d = try ReportWritersTests.device()
        d.usb = Self.usb
        let md = MarkdownReport.render([DeviceReport(d)], generator: "t")
        #expect(md.contains("### USB bus\n\n| Field | Value |"), "\(md)")
        #expect(md.contains("| Place | bus 3, root port 1, 3-1.4 behind 3-1 (multi TT) |"), "\(md)")
        #expect(md.contains("| Streaming settings | 2 streaming settings (iso), largest alt 2: 3060 B per interval |"), "\(md)")
        #expect(md.contains("| Measured | MJPG 1280x720@30 alt 2 (firmware 0.10) |"), "\(md)")
        let html = HTMLReport.render([DeviceReport(d)], generator: "t")
        #expect(html.contains("<h3>USB bus</h3>") && html.contains("<th>Controller</th><td>ehci-pci</td>"), "\(html)")
        #expect(html.contains("<th>Read from</th><td>lsusb -v+lsusb -t</td>"))
    }

    @Test func aDeviceWithoutItWritesTheSameAsBefore() throws {
        let d = try ReportWritersTests.device()
        #expect(d.usb == nil)
        let md = MarkdownReport.render([DeviceReport(d)], generator: "t")
        let html = HTMLReport.render([DeviceReport(d)], generator: "t")
        #expect(!md.contains("USB bus") && !html.contains("USB bus"))
    }
}
