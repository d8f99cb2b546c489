import CamProbe
import CamProbeTesting
import CaptureModel
import Foundation
import Testing
import Udev

/// Discovery fills a live USB camera's bus (`Device.usb`) from sysfs only: the link without the setting held now,
/// the settings measured for its model and firmware, and that firmware; a path outside the reader's tree is not read.
@Suite("Device.usb from discovery")
struct DeviceUSBDiscoveryTests {
    static func scratch(_ name: String) -> String { NSTemporaryDirectory() + "camprobe-\(name)-\(UUID().uuidString)" }

    /// The seam camera, its udev parent moved to `sysPath`.
    static func system(parent sysPath: String) throws -> FakeDeviceSystem {
        let node = streamableNode().replacingOccurrences(of: #""sysPath":"/sys/seam""#, with: #""sysPath":"\#(sysPath)""#)
        return try Fixtures.system(json: #"{"nodes":["# + node + "]}")
    }

    @Test func aUSBCameraCarriesItsLinkAndFirmwareWithoutTheSettingHeldNowAndWithoutAnIoctlMore() throws {
        let root = Self.scratch("usb-discovery")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bus = try USBSysfsFixture(root: root)
        let mine = try bus.camera(port: 3, held: 7, video: "video0")
        let sys = try Self.system(parent: mine)
        let before = sys.discoverAll().devices.first?.usb  // no sysfs root: the made-up tree is not read
        #expect(before == nil)
        let ioctlsWithout = sys.ioctlCounts
        sys.usbSysfsRoot = root
        let d = try #require(sys.discoverAll().devices.first)
        #expect(sys.ioctlCounts.values.reduce(0, +) == 2 * ioctlsWithout.values.reduce(0, +))  // the same ioctls again, none more
        let usb = try #require(d.usb)
        #expect(usb.source == "sysfs")
        #expect(usb.link.bus == 1 && usb.link.devpath == "3" && usb.link.rootPort == 3 && usb.link.speedMbps == 480)
        #expect(usb.link.controller?.summary == "xhci_hcd 8086:a36d (0000:00:14.0)")
        #expect(usb.link.alts.count == 12 && usb.link.alts.filter { $0.endpoint != nil }.count == 11)
        #expect(usb.link.alts.map(\.bytesPerInterval).max() == 3 * 1020)
        #expect(usb.link.currentAlt == nil)  // alt 7 is held now: state, not a capability
        #expect(usb.firmware == "0.10")
    }

    @Test func measuredSettingsOfTheModelAndFirmwareAreCarried() throws {
        let root = Self.scratch("usb-measured")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bus = try USBSysfsFixture(root: root)
        let mine = try bus.camera(port: 1, held: 0, video: "video0")
        let saved = root + "/measured"
        try MeasuredReservations(model: "046d:0828:0010", name: "B990", alts: ["MJPG 1280x720@30": 11]).save(in: saved)
        let sys = try Self.system(parent: mine)
        sys.usbSysfsRoot = root
        let d = try #require(sys.discoverAll().devices.first)
        let usb = try #require(DeviceUSBReading.read(d, reader: sys.usbBus, measuredIn: saved))
        #expect(usb.measured == ["MJPG 1280x720@30": 11])
        #expect(DeviceUSBReading.read(d, reader: sys.usbBus, measuredIn: root + "/none")?.measured == [:])
    }

    @Test func aPathOutsideTheReadersTreeOrAnotherBusIsNotRead() throws {
        let other = Self.scratch("usb-other")
        defer { try? FileManager.default.removeItem(atPath: other) }
        let elsewhere = try USBSysfsFixture(root: other).camera(port: 1, held: 0, video: "video0")
        let sys = try Self.system(parent: elsewhere)
        sys.usbSysfsRoot = Self.scratch("usb-empty")  // the reader's tree is another one
        #expect(sys.discoverAll().devices.first?.usb == nil)
    }

    @Test func firmwareIsBcdDeviceAsLsusbPrintsIt() {
        #expect(DeviceUSBReading.firmwareVersion("0013") == "0.13")
        #expect(DeviceUSBReading.firmwareVersion("1A05") == "1a.05")
        #expect(DeviceUSBReading.firmwareVersion("0x0100") == "1.00")
        #expect(DeviceUSBReading.firmwareVersion("13") == nil)
        #expect(DeviceUSBReading.firmwareVersion("zz13") == nil)
    }
}
