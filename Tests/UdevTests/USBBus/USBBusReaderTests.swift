import CaptureModel
import DeviceFixtures
import Foundation
import Testing

@testable import Udev

/// The bus reader over sysfs fixture trees built in a scratch directory, laid out as Linux 6.1 lays out
/// /sys/devices/pci…/usbN/B-P… and /sys/bus/usb/devices.
@Suite("USB bus reader")
struct USBBusReaderTests {
    /// Raw descriptors of a UVC camera: device, configuration, video control, streaming alt 0 and one alternate setting
    /// per wMaxPacketSize (isochronous, EP 0x81 IN). The Logitech B990's values (its `lsusb -v` on linux-media,
    /// 27 Jun 2017) by default.
    static func cameraDescriptors(_ packets: [UInt16] = USBSysfsFixture.b990Packets) -> [UInt8] {
        USBSysfsFixture.descriptors(vendor: 0x046d, product: 0x0828, packets: packets)
    }

    /// An xHCI (8086:a36d) with a multi-TT hub on root port 1 and the camera on its port 4, streaming alt 7 now.
    func fixture(_ dir: ScratchDirectory, streaming alt: Int = 7, cameraSpeed: String = "480") throws -> String {
        let ctrl = "devices/pci0000:00/0000:00:14.0"
        try dir.directory("bus/pci/drivers/xhci_hcd")
        try dir.directory(ctrl + "/usb1/1-1/1-1.4/1-1.4:1.0")
        try dir.directory(ctrl + "/usb1/1-1/1-1.4/1-1.4:1.1")
        try dir.directory("bus/usb/devices")
        try dir.link(ctrl + "/driver", to: "../../../bus/pci/drivers/xhci_hcd")
        try dir.file(ctrl + "/vendor", "0x8086\n")
        try dir.file(ctrl + "/device", "0xa36d\n")
        let hub = ctrl + "/usb1/1-1"
        for (f, v) in [("busnum", "1"), ("devpath", "0"), ("bDeviceClass", "09"), ("bDeviceProtocol", "01"), ("speed", "480")] {
            try dir.file(ctrl + "/usb1/" + f, v + "\n")
        }
        for (f, v) in [("busnum", "1"), ("devpath", "1"), ("bDeviceClass", "09"), ("bDeviceProtocol", "02"), ("speed", "480")] {
            try dir.file(hub + "/" + f, v + "\n")
        }
        let cam = hub + "/1-1.4"
        for (f, v) in [("busnum", "1"), ("devpath", "1.4"), ("bDeviceClass", "ef"), ("bDeviceProtocol", "01"), ("speed", cameraSpeed)] {
            try dir.file(cam + "/" + f, v + "\n")
        }
        try Data(Self.cameraDescriptors()).write(to: URL(fileURLWithPath: dir.path + "/" + cam + "/descriptors"))
        for (i, (sub, held)) in [("01", " 0"), ("02", String(format: "%2d", alt))].enumerated() {
            try dir.file(cam + "/1-1.4:1.\(i)/bInterfaceClass", "0e\n")
            try dir.file(cam + "/1-1.4:1.\(i)/bInterfaceSubClass", sub + "\n")
            try dir.file(cam + "/1-1.4:1.\(i)/bAlternateSetting", held + "\n")
        }
        try dir.link("bus/usb/devices/1-1.4", to: "../../../" + cam)
        return cam
    }

    @Test func readsTopologyControllerAltsAndTheHeldSetting() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        _ = try fixture(dir)
        let link = try #require(USBBusReader(root: dir.path).link("1-1.4"))
        #expect(link.bus == 1 && link.devpath == "1.4" && link.rootPort == 1 && link.speedMbps == 480)
        #expect(link.hubs == [USBHub(sysfsName: "1-1", tt: .multi)])
        #expect(link.controller?.driver == "xhci_hcd")
        #expect(link.controller?.pciVendor == 0x8086 && link.controller?.pciDevice == 0xa36d)
        #expect(link.controller?.sysfsName == "0000:00:14.0")
        #expect(link.alts.count == 12 && link.alts.last?.bytesPerInterval == 3060)
        #expect(link.currentAlt == 7 && link.heldAlt?.bytesPerInterval == 1280)
        #expect(USBDomain.of(link).key == "bus 1 port 1")
    }

    @Test func aPathInsideTheDeviceFindsTheDevice() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let cam = try fixture(dir, streaming: 0)
        let link = try #require(USBBusReader(root: dir.path).link(dir.path + "/" + cam + "/1-1.4:1.0"))
        #expect(link.sysfsName == "1-1.4")
        #expect(link.currentAlt == 0 && link.heldAlt == nil)
    }

    @Test func aFullSpeedCameraBehindTheMultiTTHubHasItsPortsTranslator() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        _ = try fixture(dir, cameraSpeed: "12")
        let link = try #require(USBBusReader(root: dir.path).link("1-1.4"))
        #expect(USBDomain.of(link).key == "tt 1-1 port 4")
    }

    @Test func notAUSBDevice() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        #expect(USBBusReader(root: dir.path).link("1-9") == nil)
        #expect(USBBusReader.isDevice("1-1.4") && !USBBusReader.isDevice("usb1") && !USBBusReader.isDevice("1-1.4:1.0"))
    }
}
