import CamProbe
import CamProbeTesting
import Foundation
import Reporting
import Testing
import Udev

/// The reports' "USB bandwidth" section (P21 item 5): a live camera's domain read from a sysfs tree laid out as
/// Linux's, every camera in it with the setting it holds, and the load drawn against the rule's capacity.
@Suite("Report: a USB camera's bandwidth domain")
struct ReportUSBSectionTests {
    @Test func theDomainItsCamerasAndTheirLoad() throws {
        let root = NSTemporaryDirectory() + "camprobe-report-usb-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bus = try USBSysfsFixture(root: root, driver: "ehci-pci", vendor: "0x8086", device: "0x1e2d")
        let mine = try bus.camera(port: 1, held: 7, video: "video0")  // 2 × 640 = 1280 B: 26 µs
        try bus.camera(port: 2, held: 11, video: "video2")  // 3 × 1020 = 3060 B: 61 µs
        let load = try #require(USBDomainLoad.read(sysfs: mine, reader: USBBusReader(root: root)))
        let u = USBSection(load)
        #expect(u.heading == "bus 1 (EHCI/dwc2): 87 of 100 µs per 125 µs microframe reserved now (87 %)", "\(u.heading)")
        #expect(
            u.rows == [["/dev/video0 (this camera)", "alt 7", "1280", "26 µs"], ["/dev/video2", "alt 11", "3060", "61 µs"]], "\(u.rows)")
        let svg = u.svg(id: 1)
        #expect(svg.components(separatedBy: "<rect").count == 4)  // two cameras, then the capacity's box
        #expect(svg.contains(##"fill="#4a90d9""##) && !svg.contains(##"fill="#d9534f""##))  // this camera blue; nothing past capacity
    }
}
